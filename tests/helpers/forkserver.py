"""A fork server for the tests' ``python -m app`` processes: it imports the libraries the
command line loads (pandas, the HTTP clients, psycopg: about 0.7 s of CPU a process) once,
then forks a child per request, which runs ``python -m app`` as a fresh interpreter would
from there: the app's own modules, the request's argv, environment, folder and standard
streams. The test suite starts a few hundred such processes; this is multiprocessing's
"forkserver" idea for a command line instead of a function.

Run as ``python tests/helpers/forkserver.py SOCKET`` (a script, so that nothing of the
app or the tests is imported before a fork). Each request is one connection on
the Unix socket SOCKET: a JSON line ``{"args", "env", "cwd", "new_session"}`` sent with
the child's stdin, stdout and stderr descriptors (SCM_RIGHTS). The server answers
``pid <n>\\n`` once the child runs and ``status <waitpid status>\\n`` when it ends. It
exits when the process that started it does. See tests/helpers/processes.py for the
other end."""

from __future__ import annotations

import json
import os
import selectors
import socket
import sys
from typing import Any

#: Imported once, before any fork: what a `send` and the team commands load.
PRELOAD = ("pandas", "numpy", "pyarrow", "phonenumbers", "httpx", "aiohttp", "psycopg", "openpyxl",
           "python_calamine", "platformdirs", "keyring", "starlette", "uvicorn")


def main(path: str) -> None:
    """Serve requests on the Unix socket ``path`` until the parent process ends; in a child,
    run ``python -m app`` (the process then ends with the app's exit status)."""
    os.environ.update(OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1")  # no BLAS threads to fork beside
    for name in PRELOAD:
        __import__(name)
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(64)
    print("ready", flush=True)
    request = _serve(listener)
    _run_app(request)


def _serve(listener: socket.socket) -> dict[str, Any]:
    """Answer requests; return the request to run in the child each fork makes."""
    parent = os.getppid()
    selector = selectors.DefaultSelector()
    selector.register(listener, selectors.EVENT_READ)
    answering: dict[int, tuple[int, socket.socket]] = {}  # pidfd → (pid, connection)
    while os.getppid() == parent:
        for key, _ in selector.select(timeout=1.0):
            if key.fileobj is listener:
                connection, _ = listener.accept()
                request, fds = _receive(connection)
                sys.stdout.flush()
                sys.stderr.flush()
                pid = os.fork()
                if pid == 0:
                    selector.close()
                    listener.close()
                    for _pid, other in answering.values():
                        other.close()
                    connection.close()
                    request["fds"] = fds
                    return request
                for fd in fds:
                    os.close(fd)
                pidfd = os.pidfd_open(pid)
                answering[pidfd] = (pid, connection)
                selector.register(pidfd, selectors.EVENT_READ)
                connection.sendall(f"pid {pid}\n".encode())
            else:
                pidfd = int(key.fd)
                pid, connection = answering.pop(pidfd)
                selector.unregister(pidfd)
                os.close(pidfd)
                _, status = os.waitpid(pid, 0)
                try:
                    connection.sendall(f"status {status}\n".encode())
                except OSError:
                    pass  # the test gave up on it
                connection.close()
    sys.exit(0)


def _receive(connection: socket.socket) -> tuple[dict[str, Any], list[int]]:
    data, fds, _flags, _address = socket.recv_fds(connection, 1 << 20, 3)
    while not data.endswith(b"\n"):
        more = connection.recv(1 << 20)
        if not more:
            break
        data += more
    return json.loads(data), list(fds)


def _run_app(request: dict[str, Any]) -> None:
    """Become ``python -m app *args`` in ``cwd`` with ``env`` and the given streams."""
    import random
    import runpy
    import signal
    import time

    if request["new_session"]:
        os.setsid()
    for target, fd in enumerate(request["fds"]):
        os.dup2(fd, target)
    for fd in set(request["fds"]) - {0, 1, 2}:
        os.close(fd)
    os.environ.clear()
    os.environ.update(request["env"])
    os.chdir(request["cwd"])
    time.tzset()
    random.seed()
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGCHLD, signal.SIGHUP):
        signal.signal(sig, signal.default_int_handler if sig is signal.SIGINT else signal.SIG_DFL)
    sys.path[0] = request["cwd"]
    sys.argv = ["-m", *request["args"]]
    try:
        runpy.run_module("app", run_name="__main__", alter_sys=True)  # ends as app.cli.run does
        code = 0
    except SystemExit as exiting:
        code = _exit_code(exiting.code)
    except KeyboardInterrupt:
        _finish()
        signal.signal(signal.SIGINT, signal.SIG_DFL)  # as the interpreter ends on one: killed by SIGINT
        os.kill(os.getpid(), signal.SIGINT)
        code = 130
    except Exception:  # noqa: BLE001 (the top level, as the interpreter's own: told, exit status 1)
        sys.excepthook(*sys.exc_info())
        code = 1
    _finish()
    os._exit(code)


def _finish() -> None:
    """What an interpreter does as it ends, up to the point that matters to a test: wait for
    its threads, run its atexit functions, flush its streams. Tearing down the preloaded
    libraries' modules after that took 0.3–0.6 s of each process's CPU, for nothing."""
    import atexit
    import threading

    threading._shutdown()  # type: ignore[attr-defined]
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass


def _exit_code(code: object) -> int:
    """The exit status of ``sys.exit(code)``, as the interpreter makes it."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xFF
    print(code, file=sys.stderr)
    return 1


if __name__ == "__main__":
    main(sys.argv[1])
