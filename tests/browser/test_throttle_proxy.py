"""bench/throttle_proxy.py, the weak and dropping link of the first-visit tests:
it throttles, shares its bandwidth between connections, resets and stalls
on demand (plain sockets, no browser).

The times asserted are lower bounds the link's own arithmetic sets (a busy
machine only makes a transfer slower), and one loose upper bound so that a
proxy stuck far below its rate fails too.
"""

import hashlib
import socket
import socketserver
import threading
import time

import pytest
from throttle_proxy import ThrottleProxy

MBIT = 8.0  # 1 MB/s: quick tests, and still far below what localhost carries
RATE = MBIT * 1e6 / 8


def body(size: int) -> bytes:
    """size bytes that differ along the way, so that a lost or repeated chunk shows."""
    block = b"".join(hashlib.sha256(str(i).encode()).digest() for i in range(1 + size // 32))
    return block[:size]


class Sender(socketserver.BaseRequestHandler):
    """Reads a line 'SIZE', answers with body(SIZE) and closes."""

    def handle(self) -> None:
        line = b""
        while not line.endswith(b"\n"):
            chunk = self.request.recv(64)
            if not chunk:
                return
            line += chunk
        try:
            self.request.sendall(body(int(line)))
        except OSError:  # the proxy reset its side: nothing to finish
            return


@pytest.fixture
def target():
    """The server behind the proxy: its port."""
    server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Sender)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server.server_address[1]
    server.shutdown()
    server.server_close()


@pytest.fixture
def proxy(target):
    """A proxy at MBIT, no latency, in front of target."""
    with ThrottleProxy(target, MBIT, 0) as running:
        yield running


def ask(proxy: ThrottleProxy, size: int) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", proxy.port), timeout=20)
    sock.sendall(b"%d\n" % size)
    return sock


def read_all(sock: socket.socket) -> bytes:
    data = bytearray()
    while chunk := sock.recv(65536):
        data += chunk
    return bytes(data)


def test_a_download_goes_at_the_links_rate_and_arrives_whole(proxy):
    size = 600_000
    started = time.monotonic()
    with ask(proxy, size) as sock:
        data = read_all(sock)
    took = time.monotonic() - started
    assert data == body(size)
    ideal = size / RATE  # 0.6 s
    # Not faster than the line (less a chunk's worth of slack); not stuck far below it.
    assert ideal * 0.95 <= took < ideal * 4 + 2, f"{size} bytes in {took:.2f} s at {MBIT} Mbit/s"
    assert proxy.down.carried == size


def test_connections_share_the_link(proxy):
    """Two downloads at once take as long as their sum would alone: one line, not one per connection."""
    size = 400_000
    results: list[bytes] = []
    started = time.monotonic()

    def fetch() -> None:
        with ask(proxy, size) as sock:
            results.append(read_all(sock))

    threads = [threading.Thread(target=fetch) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    took = time.monotonic() - started
    assert results == [body(size)] * 2
    assert took >= 2 * size / RATE * 0.95, f"two downloads of {size} bytes in {took:.2f} s: the link is not shared"


def test_latency_adds_the_handshake_and_the_round_trip(target):
    """A new connection's first byte comes two round trips after connecting: the handshake, then the request's."""
    rtt = 0.2
    with ThrottleProxy(target, 100, rtt * 1000) as proxy:
        started = time.monotonic()
        with ask(proxy, 1) as sock:
            first = sock.recv(1)
        took = time.monotonic() - started
    assert first == body(1)
    assert took >= 2 * rtt * 0.95, f"first byte after {took:.3f} s with a round trip of {rtt} s"


def test_reset_mid_download_resets_the_client_and_new_connections_until_up(proxy):
    size = 3_000_000  # 3 s at the link's rate: the reset comes well before the end
    with ask(proxy, size) as sock:
        got = 0
        while got < 100_000:
            chunk = sock.recv(65536)
            assert chunk, f"the download ended after {got} bytes, before the reset"
            got += len(chunk)
        proxy.set_state("reset")
        with pytest.raises(ConnectionResetError):
            while chunk := sock.recv(65536):
                got += len(chunk)
    assert got < size
    # Down it stays: a new connection is accepted, then reset.
    with ask(proxy, 10) as sock, pytest.raises(ConnectionResetError):
        read_all(sock)
    assert proxy.resets >= 2
    proxy.set_state("up")
    with ask(proxy, 50_000) as sock:
        assert read_all(sock) == body(50_000)


def drain_then_stall(sock: socket.socket, seconds: float) -> tuple[bytes, bool]:
    """What was already on its way to sock, and whether nothing more came for ``seconds`` after it."""
    got = bytearray()
    sock.settimeout(0.3)
    try:  # what the proxy wrote before the silence may still be in the socket's buffer
        while chunk := sock.recv(65536):
            got += chunk
        return bytes(got), False  # the download's end: nothing stalled
    except TimeoutError:
        pass
    sock.settimeout(seconds)
    try:
        got += sock.recv(65536)
        return bytes(got), False
    except TimeoutError:
        return bytes(got), True
    finally:
        sock.settimeout(20)


def test_silence_stalls_open_and_new_connections_then_up_resumes_them(proxy):
    size = 2_000_000
    with ask(proxy, size) as sock:
        data = bytearray(sock.recv(65536))
        proxy.set_state("silence")
        before, stalled = drain_then_stall(sock, 1.0)
        data += before
        assert stalled, "bytes kept flowing through a silent link"
        assert len(data) < size
        # A new connection is accepted, and its answer stalls too.
        with ask(proxy, 1000) as other:
            nothing, stalled = drain_then_stall(other, 1.0)
            assert (nothing, stalled) == (b"", True), "a connection made during the silence was answered"
            proxy.set_state("up")
            assert read_all(other) == body(1000)
        while chunk := sock.recv(65536):
            data += chunk
    assert bytes(data) == body(size), "the download resumed after the silence, whole and in order"


def test_an_unknown_state_is_refused(proxy):
    with pytest.raises(ValueError, match="state must be one of"):
        proxy.set_state("down")
