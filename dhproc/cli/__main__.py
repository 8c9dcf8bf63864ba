from . import main  # python -m dhproc.cli

main()
