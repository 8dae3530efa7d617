#!/usr/bin/env python3
"""Makes a venv hold exactly the pinned test-server packages. Used by scripts/lib/servers.sh.

Usage: python3 ensure_venv.py VENV REQUIREMENTS

VENV is reused only when its stamp (VENV/.asyncnet-stamp, written after a successful install) matches the
sha256 of REQUIREMENTS and this Python (version and executable), and httpbin and gunicorn import. Otherwise it
is deleted (only if it is a venv: a directory with pyvenv.cfg) and created again with this Python, the
requirements are installed with pip and checked with `pip check`, and only then is the stamp written.
A lock on VENV.lock makes concurrent runs wait for each other instead of installing over each other.
Exits 0 when the venv is ready; non-zero with a message on stderr otherwise.
"""
import fcntl
import hashlib
import os
import shutil
import subprocess
import sys

STAMP_NAME = ".asyncnet-stamp"


def fail(message):
    sys.stderr.write("error: %s\n" % message)
    sys.exit(1)


def expected_stamp(requirements):
    with open(requirements, "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()
    return "requirements-sha256 %s\npython %s\nexecutable %s\n" % (
        digest, " ".join(sys.version.split()), os.path.realpath(sys.executable))


def venv_python(venv):
    return os.path.join(venv, "bin", "python")


def imports(venv, quiet):
    """httpbin and gunicorn import; when not and not quiet, says why on stderr."""
    try:
        check = subprocess.run([venv_python(venv), "-c", "import httpbin, gunicorn"],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    except OSError as error:  # no interpreter (deleted, or its base Python moved)
        if not quiet:
            sys.stderr.write("%s\n" % error)
        return False
    if check.returncode != 0 and not quiet:
        sys.stderr.write(check.stdout.decode("utf-8", "replace"))
    return check.returncode == 0


def is_ready(venv, stamp):
    try:
        with open(os.path.join(venv, STAMP_NAME)) as f:
            if f.read() != stamp:
                return False
    except OSError:
        return False
    return imports(venv, quiet=True)


def install(venv, requirements, stamp):
    if os.path.lexists(venv):
        if not os.path.isfile(os.path.join(venv, "pyvenv.cfg")):
            fail("%s exists but is not a venv; move it away and run again" % venv)
        print("==> %s is out of date or incomplete (stamp: %s); recreating it" % (venv, STAMP_NAME), flush=True)
        shutil.rmtree(venv)
    print("==> installing the test servers (%s) into %s" % (os.path.relpath(requirements), venv), flush=True)
    if subprocess.run([sys.executable, "-m", "venv", venv]).returncode != 0:
        fail("could not create a venv at %s (on Debian/Ubuntu: apt-get install python3-venv)" % venv)
    pip = [venv_python(venv), "-m", "pip", "--disable-pip-version-check", "--no-input"]
    if subprocess.run(pip + ["install", "--quiet", "-r", requirements]).returncode != 0:
        fail("pip could not install %s into %s" % (requirements, venv))
    if subprocess.run(pip + ["check"], stdout=subprocess.DEVNULL).returncode != 0:
        subprocess.run(pip + ["check"], stdout=sys.stderr)
        fail("the packages installed from %s are inconsistent (pip check above)" % requirements)
    if not imports(venv, quiet=False):
        fail("httpbin or gunicorn does not import from %s" % venv)
    with open(os.path.join(venv, STAMP_NAME + ".tmp"), "w") as f:
        f.write(stamp)
    os.replace(os.path.join(venv, STAMP_NAME + ".tmp"), os.path.join(venv, STAMP_NAME))


def main():
    if len(sys.argv) != 3:
        fail("usage: ensure_venv.py VENV REQUIREMENTS")
    venv, requirements = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    if not os.path.isfile(requirements):
        fail("%s is missing" % requirements)
    stamp = expected_stamp(requirements)
    with open(venv.rstrip("/") + ".lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not is_ready(venv, stamp):
            install(venv, requirements, stamp)


if __name__ == "__main__":
    main()
