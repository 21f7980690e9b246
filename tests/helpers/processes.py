"""The tests' ``python -m app`` processes, forked from a fork server (forkserver.py) that
has imported the heavy libraries once: :func:`popen` and :func:`run` take subprocess's
arguments and give Popen's and CompletedProcess's interfaces. A process the server cannot
start as the interpreter would (another argv, startup variables such as LANG, PYTHON* or
LD_PRELOAD that differ from the server's, arguments it does not know) runs through
subprocess itself. Each xdist worker has a server of its own, started on first use."""

from __future__ import annotations

import atexit
import json
import locale
import os
import select
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import IO, Any

#: Variables an interpreter reads as it starts (encodings, flags, preloaded libraries): a
#: process whose values differ from the server's is started afresh.
STARTUP_PREFIXES = ("PYTHON", "LC_", "LD_", "FAKETIME")
STARTUP_NAMES = ("LANG", "LANGUAGE")
#: Set to 0 to start every process afresh (to compare, or to rule the server out).
SWITCH_ENV = "SAFIR_TEST_FORKSERVER"
_SUPPORTED = {"stdin", "stdout", "stderr", "text", "encoding", "errors", "env", "cwd", "start_new_session",
              "universal_newlines"}


def popen(argv: list[str], **kwargs: Any) -> Any:
    """``subprocess.Popen(argv, **kwargs)``, forked from the fork server when ``argv`` is
    ``[sys.executable, "-m", "app", ...]`` and nothing in ``kwargs`` needs a fresh interpreter."""
    server = _server_for(argv, kwargs)
    if server is None:
        return subprocess.Popen(argv, **kwargs)
    return AppProcess(server, argv, **kwargs)


def run(argv: list[str], *, input: str | bytes | None = None, capture_output: bool = False,
        timeout: float | None = None, check: bool = False, **kwargs: Any) -> subprocess.CompletedProcess[Any]:
    """``subprocess.run``'s behaviour (a timeout kills the process and raises
    TimeoutExpired; ``check`` raises CalledProcessError) through :func:`popen`."""
    if capture_output:
        kwargs.update(stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if input is not None:
        kwargs["stdin"] = subprocess.PIPE
    if _server_for(argv, kwargs) is None:
        return subprocess.run(argv, input=input, timeout=timeout, check=check, **kwargs)
    with popen(argv, **kwargs) as process:
        try:
            out, err = process.communicate(input, timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
            raise
    done = subprocess.CompletedProcess(argv, process.returncode, out, err)
    if check:
        done.check_returncode()
    return done


class AppProcess:
    """Popen's interface (pid, returncode, stdin/stdout/stderr, poll, wait, communicate,
    send_signal, terminate, kill, a context manager) for a ``python -m app`` the fork
    server forked. Its exit status comes over the request's connection: the server, not
    this process, is its parent."""

    def __init__(self, server: _ForkServer, argv: list[str], *, stdin: Any = None, stdout: Any = None,
                 stderr: Any = None, text: bool = False, universal_newlines: bool = False,
                 encoding: str | None = None, errors: str | None = None, env: dict[str, str] | None = None,
                 cwd: str | os.PathLike[str] | None = None, start_new_session: bool = False) -> None:
        self.args = argv
        self.returncode: int | None = None
        textual = bool(text or universal_newlines or encoding or errors)
        wanted = encoding or locale.getpreferredencoding(False)
        ends, theirs, self._mine = [], [], []
        for target, spec in enumerate((stdin, stdout, stderr)):
            ours, child = _ends(target, spec, theirs)
            ends.append(ours)
            theirs.append(child)
        self.stdin: IO[Any] | None = _stream(ends[0], "w", textual, wanted, errors)
        self.stdout: IO[Any] | None = _stream(ends[1], "r", textual, wanted, errors)
        self.stderr: IO[Any] | None = _stream(ends[2], "r", textual, wanted, errors)
        request = {"args": argv[3:], "env": dict(os.environ if env is None else env),
                   "cwd": str(Path(cwd if cwd is not None else os.getcwd()).absolute()),
                   "new_session": start_new_session}
        try:
            self._connection, self.pid = server.fork(request, theirs)
        finally:
            for fd in {fd for fd in theirs if fd not in (0, 1, 2)} - set(ends):
                os.close(fd)
        self._said = b""
        self._readers: list[tuple[threading.Thread, list[Any]]] | None = None

    def poll(self) -> int | None:
        """The exit status if the process has ended (negative: the signal that ended it), else None."""
        if self.returncode is None and select.select([self._connection], [], [], 0)[0]:
            self._read_status()
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        """Wait for the process to end (at most ``timeout`` seconds: TimeoutExpired); its exit status."""
        if self.returncode is None:
            if not select.select([self._connection], [], [], timeout)[0]:
                raise subprocess.TimeoutExpired(self.args, timeout or 0)
            self._read_status()
        assert self.returncode is not None
        return self.returncode

    def communicate(self, input: str | bytes | None = None, timeout: float | None = None) -> tuple[Any, Any]:
        """Write ``input``, read stdout and stderr to their ends, wait; (stdout, stderr) as
        Popen.communicate gives them. A timeout raises TimeoutExpired; calling again goes on."""
        deadline = None if timeout is None else time.monotonic() + timeout
        if self._readers is None:
            self._readers = [self._reader(stream) for stream in (self.stdout, self.stderr)]
            if self.stdin is not None:
                try:
                    if input:
                        self.stdin.write(input)
                    self.stdin.close()
                except BrokenPipeError:
                    pass
        for thread, _ in self._readers:
            thread.join(None if deadline is None else max(0.0, deadline - time.monotonic()))
            if thread.is_alive():
                raise subprocess.TimeoutExpired(self.args, timeout or 0)
        self.wait(None if deadline is None else max(0.0, deadline - time.monotonic()))
        for stream in (self.stdout, self.stderr):
            if stream is not None:
                stream.close()  # as Popen.communicate does
        out, err = ((chunks[0] if chunks else None) for _, chunks in self._readers)
        return out, err

    def send_signal(self, sig: int) -> None:
        """Send ``sig`` to the process unless it has ended."""
        if self.poll() is None:
            os.kill(self.pid, sig)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)

    def __enter__(self) -> AppProcess:
        return self

    def __exit__(self, *_exc: object) -> None:
        for stream in (self.stdout, self.stderr, self.stdin):
            if stream is not None:
                try:
                    stream.close()
                except BrokenPipeError:
                    pass
        self.wait()

    def _reader(self, stream: IO[Any] | None) -> tuple[threading.Thread, list[Any]]:
        chunks: list[Any] = []
        thread = threading.Thread(target=lambda: chunks.append(stream.read()) if stream is not None else None,
                                  daemon=True)
        thread.start()
        return thread, chunks

    def _read_status(self) -> None:
        while b"status " not in self._said or not self._said.endswith(b"\n"):
            more = self._connection.recv(4096)
            if not more:
                raise RuntimeError(f"the fork server stopped answering for process {self.pid}")
            self._said += more
        status = int(self._said.rsplit(b"status ", 1)[1])
        self.returncode = os.waitstatus_to_exitcode(status)
        self._connection.close()

    def __del__(self) -> None:
        connection = getattr(self, "_connection", None)
        if connection is not None:
            connection.close()  # a process never waited for (Popen lets it go too), without a warning


class _ForkServer:
    """One worker's fork server process and its socket."""

    def __init__(self) -> None:
        self.folder = tempfile.mkdtemp(prefix="forkserver-")
        self.path = os.path.join(self.folder, "socket")
        self.startup = _startup(os.environ)
        self.process = subprocess.Popen([sys.executable, str(Path(__file__).with_name("forkserver.py")), self.path],
                                        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE)
        assert self.process.stdout is not None
        if self.process.stdout.readline() != b"ready\n":
            raise RuntimeError("the fork server did not start")
        atexit.register(self.stop)

    def fork(self, request: dict[str, Any], fds: list[int]) -> tuple[socket.socket, int]:
        """Ask for a child; (the connection its exit status comes on, its pid)."""
        connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        connection.connect(self.path)
        socket.send_fds(connection, [json.dumps(request).encode() + b"\n"], fds)
        said = b""
        while not said.endswith(b"\n"):
            more = connection.recv(64)
            if not more:
                raise RuntimeError("the fork server did not fork")
            said += more
        return connection, int(said.split()[1])

    def stop(self) -> None:
        self.process.kill()
        self.process.wait()
        for name in os.listdir(self.folder):
            os.unlink(os.path.join(self.folder, name))
        os.rmdir(self.folder)


_servers: dict[int, _ForkServer] = {}  # by the pid that started it (xdist workers are processes)


def _server_for(argv: list[str], kwargs: dict[str, Any]) -> _ForkServer | None:
    if (argv[:3] != [sys.executable, "-m", "app"] or set(kwargs) - _SUPPORTED or sys.platform != "linux"
            or os.environ.get(SWITCH_ENV) == "0"):
        return None
    env = kwargs.get("env")
    server = _servers.get(os.getpid())
    if server is None:
        server = _servers[os.getpid()] = _ForkServer()
    return server if _startup(os.environ if env is None else env) == server.startup else None


def _startup(env: Any) -> dict[str, str]:
    return {k: v for k, v in env.items() if k.startswith(STARTUP_PREFIXES) or k in STARTUP_NAMES}


def _ends(target: int, spec: Any, theirs: list[int]) -> tuple[int | None, int]:
    """(this process's end or None, the child's descriptor) for stream ``target`` (0, 1, 2)."""
    if spec is None:
        return None, target
    if spec == subprocess.PIPE:
        read, write = os.pipe()
        return (write, read) if target == 0 else (read, write)
    if spec == subprocess.DEVNULL:
        return None, os.open(os.devnull, os.O_RDWR)
    if spec == subprocess.STDOUT:
        return None, os.dup(theirs[1])
    return None, os.dup(spec if isinstance(spec, int) else spec.fileno())


def _stream(fd: int | None, mode: str, textual: bool, encoding: str, errors: str | None) -> IO[Any] | None:
    if fd is None:
        return None
    if textual:
        return open(fd, mode, encoding=encoding, errors=errors)
    return open(fd, mode + "b")
