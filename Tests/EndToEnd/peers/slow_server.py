#!/usr/bin/python3
"""A web server on 127.0.0.1 that sends files slowly (--rate bytes per second),
for the end-to-end tests of a slow download: Drover must show progress and let
the user cancel. Prints one line when it listens. Missing files answer 404."""

import argparse
import functools
import http.server
import time


class SlowHandler(http.server.SimpleHTTPRequestHandler):
    rate = 50_000

    def copyfile(self, source, outputfile):
        chunk = max(1, self.rate // 10)
        try:
            # Ends with the file: iter() stops at the first empty read.
            for data in iter(lambda: source.read(chunk), b""):
                outputfile.write(data)
                outputfile.flush()
                time.sleep(0.1)
        except (BrokenPipeError, ConnectionResetError):
            return  # the client stopped reading (a cancelled download)

    def log_message(self, *args):
        pass


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", required=True)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--rate", type=int, default=50_000)
    args = parser.parse_args()
    SlowHandler.rate = args.rate
    handler = functools.partial(SlowHandler, directory=args.root)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", args.port), handler)
    print(f"listening on {args.port}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
