"""A throw-away PostgreSQL server for the team-store tests and benchmarks: ``initdb`` and
``pg_ctl`` from the OS package's binaries, in a temporary folder, on a free loopback port,
stopped (and removed) at the end.

initdb refuses to run as root, so as root the server runs as the ``postgres`` user (the
OS package makes it), or ``nobody``. Connections over TCP need a password (scram), so the
tests can also try a wrong one.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
import uuid
from pathlib import Path

import psycopg

#: The superuser and its password in every throw-away server.
ADMIN = "safir_admin"
ADMIN_PASSWORD = "admin-password-for-tests"


class NoPostgres(RuntimeError):
    """No PostgreSQL server binaries on this machine."""


def binaries() -> Path:
    """The folder holding initdb and pg_ctl: the newest /usr/lib/postgresql/N/bin, or the PATH's."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parent.parent.name))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    if initdb:
        return Path(initdb).resolve().parent
    raise NoPostgres("no PostgreSQL server binaries (initdb): install the postgresql package")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


#: Free bytes a memory file system needs for the servers' data to go there: each test's
#: database (about 10 MB) is dropped when it ends, so a worker's data stays small.
MEMORY_FOLDER_NEEDS = 4 << 30


def scratch_folder() -> str | None:
    """Where a server's data goes: /dev/shm when it is a memory file system with room
    (databases made and dropped by the hundred cost disk writes for nothing), otherwise
    the usual temporary folder (None)."""
    try:
        stat = os.statvfs("/dev/shm")
    except OSError:
        return None
    return "/dev/shm" if stat.f_bavail * stat.f_frsize >= MEMORY_FOLDER_NEEDS else None


class ThrowawayServer:
    """A PostgreSQL server of its own: :meth:`start`, :meth:`url` of a fresh database,
    :meth:`stop` and :meth:`start` again (same data), :meth:`remove`. :data:`running`
    lists the servers started and not removed, so each test's databases can be dropped
    when it ends (:meth:`drop_databases`)."""

    running: list[ThrowawayServer] = []

    def __init__(self) -> None:
        self.bin = binaries()
        self.root = Path(tempfile.mkdtemp(prefix="safir-pg-", dir=scratch_folder()))
        self._made: list[str] = []
        self.data = self.root / "data"
        self.port = _free_port()
        self._user: str | None = None
        if os.geteuid() == 0:
            self._user = "postgres" if _has_user("postgres") else "nobody"
            os.chmod(self.root, 0o755)
            account = pwd.getpwnam(self._user)
            os.chown(self.root, account.pw_uid, account.pw_gid)
        secret = self.root / "pwfile"
        secret.write_text(ADMIN_PASSWORD + "\n")
        if self._user:
            account = pwd.getpwnam(self._user)
            os.chown(secret, account.pw_uid, account.pw_gid)
        self._run("initdb", "-D", str(self.data), "-U", ADMIN, "--auth-local=trust", "--auth-host=scram-sha-256",
                  f"--pwfile={secret}", "-E", "UTF8", "--locale=C.UTF-8")
        with open(self.data / "postgresql.conf", "a", encoding="utf-8") as conf:
            conf.write(f"\nport = {self.port}\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '{self.root}'\n"
                       "fsync = off\nsynchronous_commit = off\nfull_page_writes = off\nmax_connections = 200\n")

    def _run(self, program: str, *args: str) -> None:
        argv = [str(self.bin / program), *args]
        if self._user:
            argv = [_runuser(), "-u", self._user, "--", *argv]
        done = subprocess.run(argv, capture_output=True, text=True, cwd=self.root)
        if done.returncode:
            raise RuntimeError(f"{program} failed: {done.stdout}{done.stderr}")

    def enable_tls(self) -> Path:
        """Serve TLS with a self-signed certificate for 127.0.0.1 (made with cryptography);
        restart if running. Returns the certificate, the root a client verifies against."""
        import datetime
        import ipaddress

        from cryptography import x509
        from cryptography.hazmat.primitives import hashes, serialization
        from cryptography.hazmat.primitives.asymmetric import ec
        from cryptography.x509.oid import NameOID

        key = ec.generate_private_key(ec.SECP256R1())
        name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
        now = datetime.datetime.now(datetime.timezone.utc)
        cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
                .serial_number(x509.random_serial_number()).not_valid_before(now - datetime.timedelta(days=1))
                .not_valid_after(now + datetime.timedelta(days=2))
                .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
                               critical=False)
                .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
                .sign(key, hashes.SHA256()))
        crt, private = self.data / "server.crt", self.data / "server.key"
        crt.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
        private.write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                              serialization.NoEncryption()))
        os.chmod(private, 0o600)
        if self._user:
            account = pwd.getpwnam(self._user)
            for path in (crt, private):
                os.chown(path, account.pw_uid, account.pw_gid)
        with open(self.data / "postgresql.conf", "a", encoding="utf-8") as conf:
            conf.write("ssl = on\nssl_cert_file = 'server.crt'\nssl_key_file = 'server.key'\n")
        root = self.root / "root.crt"
        root.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
        return root

    def start(self) -> ThrowawayServer:
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.root / "server.log"), "-w", "start")
        if self not in ThrowawayServer.running:
            ThrowawayServer.running.append(self)
        return self

    def _signal_all(self, signum: int) -> None:
        """Send ``signum`` to the postmaster (its pid file's first line), then to each of its
        children as they are once it has it: a stopped postmaster forks no more (a child
        listed before would have missed a freeze), and a child that ended meanwhile needs
        no signal (with both CPUs busy, one did between the listing and its SIGCONT)."""
        postmaster = int((self.data / "postmaster.pid").read_text().split()[0])
        os.kill(postmaster, signum)
        children = subprocess.run(["pgrep", "-P", str(postmaster)], capture_output=True, text=True).stdout.split()
        for pid in map(int, children):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signum)

    def freeze(self) -> None:
        """Stop every process of the server (SIGSTOP): it accepts TCP and answers nothing."""
        self._signal_all(signal.SIGSTOP)

    def thaw(self) -> None:
        """Let a frozen server run again (SIGCONT)."""
        self._signal_all(signal.SIGCONT)

    def stop(self) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")

    def remove(self) -> None:
        if self in ThrowawayServer.running:
            ThrowawayServer.running.remove(self)
        try:
            self.stop()
        except RuntimeError:
            pass
        shutil.rmtree(self.root, ignore_errors=True)

    def drop_databases(self) -> None:
        """Drop the databases :meth:`new_database` made (their sessions ended first); a
        server that is stopped or frozen keeps them, to be removed with it."""
        made, self._made = self._made, []
        try:
            with psycopg.connect(self.admin_url(), autocommit=True, connect_timeout=5) as admin:
                for name in made:
                    admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        except psycopg.Error:
            pass

    def admin_url(self, database: str = "postgres") -> str:
        return f"postgresql://{ADMIN}:{ADMIN_PASSWORD}@127.0.0.1:{self.port}/{database}"

    def new_database(self, owner_password: str = "team-password") -> tuple[str, str]:
        """A fresh database owned by a fresh role: (URL without the password, the password)."""
        name = "t" + uuid.uuid4().hex[:12]
        with psycopg.connect(self.admin_url(), autocommit=True) as admin:
            admin.execute(f"CREATE ROLE {name} LOGIN CREATEROLE PASSWORD '{owner_password}'")
            admin.execute(f"CREATE DATABASE {name} OWNER {name}")
        self._made.append(name)
        return f"postgresql://{name}@127.0.0.1:{self.port}/{name}", owner_password


def _runuser() -> str:
    """util-linux's runuser, which root's PATH may lack (Debian's default PATH for a
    login without /usr/sbin); NoPostgres saying why when it is nowhere."""
    found = shutil.which("runuser") or shutil.which("runuser", path="/usr/sbin:/sbin")
    if found is None:
        raise NoPostgres("as root the throw-away server runs as the postgres user through runuser (util-linux), "
                         "which is neither on PATH nor in /usr/sbin or /sbin")
    return found


def _has_user(name: str) -> bool:
    try:
        pwd.getpwnam(name)
    except KeyError:
        return False
    return True
