#!/usr/bin/python3
"""A web server on 127.0.0.1 that sends files slowly (--rate bytes per second),
for the end-to-end tests of a slow download: Drover must show progress and let
the user cancel. Prints one line when it listens. Missing files answer 404.
With --silent-after N it sends the first N bytes of a file, then nothing more while
keeping the connection open (at most --silent-for seconds): a server gone silent.
When a client stops reading (a cancelled download: the connection closed), it
prints "client stopped reading after N bytes"."""

import argparse
import functools
import http.server
import time


class SlowHandler(http.server.SimpleHTTPRequestHandler):
    rate = 50_000
    silent_after = None
    silent_for = 120

    def copyfile(self, source, outputfile):
        chunk = max(1, self.rate // 10)
        sent = 0
        try:
            # Ends with the file: iter() stops at the first empty read.
            for data in iter(lambda: source.read(chunk), b""):
                if self.silent_after is not None and sent + len(data) > self.silent_after:
                    outputfile.write(data[: self.silent_after - sent])
                    outputfile.flush()
                    # Silent, the connection open, until the client gives up (bounded).
                    self.connection.settimeout(self.silent_for)
                    try:
                        self.connection.recv(1)
                    except OSError:
                        pass
                    return
                outputfile.write(data)
                outputfile.flush()
                sent += len(data)
                time.sleep(0.1)
        except (BrokenPipeError, ConnectionResetError):
            # A cancelled download: the sign a test waits for before it checks that nothing came of it.
            print(f"client stopped reading after {sent} bytes", flush=True)

    def log_message(self, *args):
        pass


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", required=True)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--rate", type=int, default=50_000)
    parser.add_argument("--silent-after", type=int, default=None)
    parser.add_argument("--silent-for", type=int, default=120)
    args = parser.parse_args()
    SlowHandler.rate = args.rate
    SlowHandler.silent_after = args.silent_after
    SlowHandler.silent_for = args.silent_for
    handler = functools.partial(SlowHandler, directory=args.root)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", args.port), handler)
    print(f"listening on {args.port}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
