"""A small W3C WebDriver client for Debian's chromium and chromedriver (no Python package needed):
enough to open a page, press keys, click, run a script and read the console."""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
MISSING = (None if CHROMIUM and DRIVER else
           "no headless browser: apt-get install chromium chromium-driver (.ci/run does)")
KEYS = {"ArrowRight": "\ue014", "ArrowLeft": "\ue012", "Home": "\ue011", "End": "\ue010"}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Browser:
    def __init__(self) -> None:
        self.port = _free_port()
        self.driver = subprocess.Popen([DRIVER, f"--port={self.port}"], stdout=subprocess.DEVNULL,
                                       stderr=subprocess.DEVNULL)
        self.profile = tempfile.mkdtemp(prefix="dhproc-chromium-")
        # the driver may take seconds to listen on a loaded machine (CI runs two test workers):
        # wait for it while it lives, up to a minute, rather than a fixed number of tries
        deadline = time.monotonic() + 60
        while True:
            try:
                self._call("GET", "/status")
                break
            except OSError:
                if self.driver.poll() is not None or time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        args = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--no-first-run", "--window-size=1000,1400",
                f"--user-data-dir={self.profile}"]
        caps = {"capabilities": {"alwaysMatch": {
            "browserName": "chrome", "goog:chromeOptions": {"binary": CHROMIUM, "args": args},
            "goog:loggingPrefs": {"browser": "ALL"}}}}
        self.session = self._call("POST", "/session", caps)["sessionId"]

    def _call(self, method: str, path: str, body: dict | None = None):
        data = json.dumps(body).encode() if body is not None else (b"{}" if method == "POST" else None)
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=60) as response:
            return json.loads(response.read()).get("value")

    def _session(self, method: str, path: str, body: dict | None = None):
        return self._call(method, f"/session/{self.session}{path}", body)

    def open(self, url: str) -> None:
        self._session("POST", "/url", {"url": url})

    def script(self, source: str, *args):
        return self._session("POST", "/execute/sync", {"script": source, "args": list(args)})

    def press(self, key: str) -> None:
        value = KEYS.get(key, key)
        actions = [{"type": "keyDown", "value": value}, {"type": "keyUp", "value": value}]
        self._session("POST", "/actions", {"actions": [{"type": "key", "id": "keys", "actions": actions}]})

    def click(self, css: str) -> None:
        element = self._session("POST", "/element", {"using": "css selector", "value": css})
        self._session("POST", f"/element/{next(iter(element.values()))}/click")

    def console(self) -> list[dict]:
        return self._session("POST", "/se/log", {"type": "browser"}) or []

    def close(self) -> None:
        try:
            self._call("DELETE", f"/session/{self.session}")
        finally:
            self.driver.terminate()
            self.driver.wait(10)
            shutil.rmtree(self.profile, ignore_errors=True)


def file_url(path: Path, fragment: str = "") -> str:
    return path.resolve().as_uri() + (f"#{fragment}" if fragment else "")
