"""The SVG picture as PNG, through resvg with one pinned Japanese font.

resvg draws ``paint-order`` halos and takes font files (CairoSVG does neither), and with system
fonts skipped the PNG depends only on the SVG and the font file: the same bytes on any machine
with the same font package. The font is looked for at the paths Debian's packages install it:
fonts-ipafont-gothic (IPAGothic, 6 MB, the first choice) or fonts-noto-cjk (Noto Sans CJK JP,
face 0 of its collection). Without one of them there is no PNG, and the message says which
package to install: a picture of empty boxes (tofu) is never written.
"""

from __future__ import annotations

from pathlib import Path

from ..errors import DhprocError
from ..words.messages import say

__all__ = ["FONT_FILES", "RenderError", "find_font", "svg_to_png"]

FONT_FILES = (
    Path("/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf"),  # fonts-ipafont-gothic
    Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"),  # fonts-noto-cjk
)


class RenderError(DhprocError):
    """A picture cannot be made here (no Japanese font, no rasteriser): nothing was written."""


def find_font() -> Path | None:
    """The first pinned font file installed, or None."""
    return next((path for path in FONT_FILES if path.is_file()), None)


def svg_to_png(svg: str, out: str) -> bytes:
    """``svg`` as PNG bytes; ``out`` names the file the message is about."""
    font = find_font()
    if font is None:
        raise RenderError(say("render.no_font", out=out, paths=", ".join(map(str, FONT_FILES))))
    try:
        import resvg_py
    except ImportError:
        raise RenderError(say("render.no_resvg", out=out)) from None
    return bytes(resvg_py.svg_to_bytes(svg_string=svg, font_files=[str(font)], skip_system_fonts=True))
