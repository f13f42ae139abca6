"""A throttling TCP proxy: a weak link, and one that drops, in front of a local server.

    python3 bench/throttle_proxy.py --target 8000 --link 1.6:150 [--port 8001]

Standard library only (asyncio), so that the bench scripts and the browser
tests import it: a browser that opens http://127.0.0.1:PORT/ reaches the
server at the target port through the link, and the page's origin is the
proxy's.

The link, as one line to a host, shared by every connection of a visit:
  bandwidth  each direction carries at most MBIT Mbit/s, all connections
             together: a chunk read from one side takes its turn on the
             direction's line (one chunk of each connection queued at a
             time, so that parallel downloads share it as packets at a
             bottleneck do) and arrives when its last byte is through
  latency    each direction adds half the round trip to every chunk, and a
             new connection's first bytes wait one round trip more (TCP's
             handshake), as on a real link; no slow start is modelled
             (Chromium's own emulation has none either)

Its state, switched at any moment from any thread (ThrottleProxy.set_state):
  up       bytes flow as above
  reset    every open connection is closed with a TCP reset (SO_LINGER 0:
           the browser sees ERR_CONNECTION_RESET, a download stops halfway),
           and every new one is reset as soon as it is accepted: a phone
           walking into a tunnel, the browser still believing it is online
  silence  connections are accepted, nothing more flows either way until the
           state is up again (then the held bytes go on): a link that stalls
           without saying so
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import socket
import struct
import threading
from dataclasses import dataclass, field

STATES = ("up", "reset", "silence")


@dataclass
class Line:
    """One direction of the link: its rate, its one-way delay, and when it is next free."""

    rate: float  # bytes a second
    delay: float  # seconds, one way
    free_at: float = 0.0  # loop time at which the last chunk queued is through
    carried: int = 0  # bytes through this direction so far

    def take(self, now: float, size: int) -> float:
        """Queue ``size`` bytes at loop time ``now``; the time their last byte is through the line."""
        self.free_at = max(now, self.free_at) + size / self.rate
        self.carried += size
        return self.free_at


def chunk_size(rate: float) -> int:
    """Bytes read at a time: about 10 ms of the line, so that connections
    interleave finely, within sane bounds.

    >>> chunk_size(200_000), chunk_size(1_250_000), chunk_size(1e9)
    (2048, 12500, 65536)
    """
    return int(min(max(rate * 0.01, 2048), 65536))


@dataclass(eq=False)
class Connection:
    """A client's connection and the proxy's own to the server, with the tasks that carry their bytes."""

    client: asyncio.StreamWriter
    server: asyncio.StreamWriter | None = None
    tasks: list[asyncio.Task] = field(default_factory=list)

    def abort(self) -> None:
        """Close both sides at once; the client's with a TCP reset."""
        for task in self.tasks:
            task.cancel()
        reset(self.client)
        if self.server is not None:
            self.server.transport.abort()


def reset(writer: asyncio.StreamWriter) -> None:
    """Close a connection with RST rather than FIN: SO_LINGER on with a zero timeout."""
    sock = writer.get_extra_info("socket")
    if sock is not None:
        with contextlib.suppress(OSError):
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    writer.transport.abort()


class ThrottleProxy:
    """A throttling proxy to 127.0.0.1:``target`` on a port of its own, run on a thread of its own.

    ``mbit``: Mbit/s each way; ``rtt_ms``: the round trip. Use it as a
    context manager (or start() and stop()); ``url`` is the proxy's
    http://127.0.0.1:PORT/; set_state() switches the link (STATES).
    """

    def __init__(self, target: int, mbit: float, rtt_ms: float, port: int = 0, host: str = "127.0.0.1") -> None:
        if mbit <= 0 or rtt_ms < 0:
            raise ValueError(f"a link needs Mbit/s > 0 and a round trip >= 0, not {mbit}, {rtt_ms}")
        self.target, self.host, self.requested_port = target, host, port
        self.rtt = rtt_ms / 1000
        self.down = Line(rate=mbit * 1e6 / 8, delay=self.rtt / 2)  # server to client
        self.up = Line(rate=mbit * 1e6 / 8, delay=self.rtt / 2)  # client to server
        self.state = "up"
        self.accepted = 0  # connections accepted in any state
        self.resets = 0  # connections closed with a reset
        self.port = 0
        self._open: set[Connection] = set()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._flowing: asyncio.Event | None = None  # set while the state is up
        self._server: asyncio.base_events.Server | None = None
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}/"

    # --- Control, from any thread ----------------------------------------------

    def start(self) -> ThrottleProxy:
        """Listen (on a free port unless one was given) and serve on a daemon thread."""
        started = threading.Event()
        failed: list[BaseException] = []

        def run() -> None:
            loop = asyncio.new_event_loop()
            self._loop = loop
            try:
                loop.run_until_complete(self._listen())
            except BaseException as error:  # reported to start()'s caller, not lost in the thread
                failed.append(error)
                started.set()
                loop.close()
                return
            started.set()
            loop.run_forever()
            loop.run_until_complete(loop.shutdown_asyncgens())
            loop.close()

        self._thread = threading.Thread(target=run, name=f"throttle-proxy-{self.target}", daemon=True)
        self._thread.start()
        started.wait()
        if failed:
            raise failed[0]
        return self

    def stop(self) -> None:
        """Close every connection (with a reset) and the listening socket; end the thread."""
        if self._loop is None or self._thread is None or not self._thread.is_alive():
            return
        asyncio.run_coroutine_threadsafe(self._close(), self._loop).result(timeout=10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=10)

    def set_state(self, state: str) -> None:
        """Switch the link to up, reset or silence (see the module's docstring); done when this returns."""
        if state not in STATES:
            raise ValueError(f"state must be one of {STATES}, not {state!r}")
        if self._loop is None:
            raise RuntimeError("the proxy is not started")
        asyncio.run_coroutine_threadsafe(self._switch(state), self._loop).result(timeout=10)

    def __enter__(self) -> ThrottleProxy:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # --- On the proxy's loop ---------------------------------------------------

    async def _listen(self) -> None:
        self._flowing = asyncio.Event()
        self._flowing.set()
        self._server = await asyncio.start_server(self._accept, self.host, self.requested_port)
        self.port = self._server.sockets[0].getsockname()[1]

    async def _close(self) -> None:
        for connection in list(self._open):
            connection.abort()
        self._open.clear()
        if self._server is not None:
            self._server.close()

    async def _switch(self, state: str) -> None:
        self.state = state
        if state == "up":
            self._flowing.set()
            return
        self._flowing.clear()
        if state == "reset":
            for connection in list(self._open):
                connection.abort()
                self.resets += 1
            self._open.clear()

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.accepted += 1
        if self.state == "reset":
            self.resets += 1
            reset(writer)
            return
        connection = Connection(client=writer)
        self._open.add(connection)
        loop = asyncio.get_running_loop()
        # The handshake's round trip: nothing the client sends reaches the
        # server sooner than one round trip after it connected.
        opened = loop.time() + self.rtt
        try:
            upstream_reader, connection.server = await asyncio.open_connection("127.0.0.1", self.target)
        except OSError:
            self._open.discard(connection)
            reset(writer)  # nothing listens there: the client sees its connection refused as a reset
            return
        if connection not in self._open:  # reset while the server was being reached
            connection.abort()
            return
        connection.tasks = [
            asyncio.create_task(self._carry(reader, connection.server, self.up, opened, connection)),
            asyncio.create_task(self._carry(upstream_reader, writer, self.down, opened, connection)),
        ]
        await asyncio.gather(*connection.tasks, return_exceptions=True)
        if connection in self._open:
            self._open.discard(connection)
            connection.client.transport.close()
            connection.server.transport.close()

    async def _carry(
        self,
        source: asyncio.StreamReader,
        sink: asyncio.StreamWriter,
        line: Line,
        opened: float,
        connection: Connection,
    ) -> None:
        """Bytes from source to sink over one direction of the link, until source's end."""
        loop = asyncio.get_running_loop()
        arrivals: asyncio.Queue[tuple[float, bytes] | None] = asyncio.Queue()

        async def deliver() -> None:
            while (item := await arrivals.get()) is not None:
                at, data = item
                await asyncio.sleep(max(0.0, at - loop.time()))
                await self._flowing.wait()  # silence holds what is on its way
                sink.write(data)
                await sink.drain()
            if sink.can_write_eof():
                sink.write_eof()  # the other direction may still be carrying: a half close

        delivering = asyncio.create_task(deliver())
        connection.tasks.append(delivering)
        # A sink gone (the client reset its end) ends the connection: no use
        # reading on from the other side.
        delivering.add_done_callback(lambda task: task.cancelled() or task.exception() is None or connection.abort())
        size = chunk_size(line.rate)
        try:
            while True:
                await self._flowing.wait()  # silence: nothing more is read either
                data = await source.read(size)
                if not data:
                    break
                through = line.take(max(loop.time(), opened), len(data))
                arrivals.put_nowait((through + line.delay, data))
                # One chunk of this connection on the line at a time: the next
                # is read when this one is through, so connections share it.
                await asyncio.sleep(max(0.0, through - loop.time()))
        except (ConnectionError, OSError):
            connection.abort()
            raise
        finally:
            arrivals.put_nowait(None)
        await delivering


def parse_link(spec: str) -> tuple[float, float]:
    """MBIT:RTT as (Mbit/s, round trip in ms).

    >>> parse_link("1.6:150")
    (1.6, 150.0)
    """
    mbit, sep, rtt = spec.partition(":")
    try:
        rate, latency = float(mbit), float(rtt)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{spec!r}: write Mbit/s:round-trip ms, e.g. 1.6:150") from None
    if not sep or rate <= 0 or latency < 0:
        raise argparse.ArgumentTypeError(f"{spec!r}: write Mbit/s:round-trip ms, e.g. 1.6:150")
    return rate, latency


def main() -> None:
    parser = argparse.ArgumentParser(description="A throttling TCP proxy in front of a local server.")
    parser.add_argument("--target", type=int, required=True, help="the server's port on 127.0.0.1")
    parser.add_argument("--link", type=parse_link, default=(1.6, 150.0), metavar="MBIT:RTT", help="default 1.6:150")
    parser.add_argument("--port", type=int, default=0, help="the proxy's port (default: any free one)")
    args = parser.parse_args()
    proxy = ThrottleProxy(args.target, *args.link, port=args.port).start()
    print(f"{proxy.url} -> 127.0.0.1:{args.target} at {args.link[0]:g} Mbit/s, {args.link[1]:g} ms", flush=True)
    print("type up, reset or silence (and Enter) to switch the link; Ctrl-D stops", flush=True)
    with contextlib.suppress(KeyboardInterrupt, EOFError):
        while True:
            state = input().strip()
            try:
                proxy.set_state(state)
            except ValueError as error:
                print(error, flush=True)
    proxy.stop()


if __name__ == "__main__":
    main()
