"""The pinned wheels from PyPI that the build needs (the page's QR encoder, Babel for the
translations): each downloaded once with pip, checked against its pinned SHA-256 and kept
in .cache/wheels/.  tools/vendor.py and tools/i18n.py both take their wheels from here."""

import hashlib
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WHEEL_CACHE = os.path.join(ROOT, ".cache", "wheels")


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def cached_wheel(name, digest):
    """The path of wheel `name` in .cache/wheels/, downloaded (pip) once and checked against
    its pinned SHA-256."""
    cached = os.path.join(WHEEL_CACHE, name)
    if not os.path.exists(cached) or sha256(cached) != digest:
        project, version = name.split("-")[:2]
        python = next((p for p in (os.path.join(ROOT, ".venv", "bin", "python"), sys.executable)
                       if os.path.exists(p) and subprocess.run([p, "-m", "pip", "--version"],
                                                                capture_output=True).returncode == 0), None)
        if python is None:
            sys.exit("vendor: pip is needed once to fetch the pinned wheels (make deps installs it)")
        subprocess.run([python, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:",
                        f"{project}=={version}", "-d", WHEEL_CACHE], check=True)
        if sha256(cached) != digest:
            sys.exit(f"vendor: {name} is not the wheel pinned in tools/ (SHA-256 differs)")
    return cached
