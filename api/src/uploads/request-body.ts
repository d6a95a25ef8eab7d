import type { IncomingMessage } from 'node:http';

/**
 * A request's body as a web stream, for a handler that reads `Request` bodies (the tus server). Unlike
 * `Readable.toWeb`, a request that breaks half-way (a client gone offline) never touches the stream
 * after it has ended: no late `data` or `close` of the socket can throw "Controller is already closed"
 * outside any request, which would end the process. Reads are paused while the stream's queue is full.
 */
export function requestBodyStream(raw: IncomingMessage): ReadableStream<Uint8Array> {
  let settled = false;
  let controller: ReadableStreamDefaultController<Uint8Array>;
  const settle = (end: () => void) => {
    if (settled) return;
    settled = true;
    try {
      end();
    } catch {
      // Already closed by the reader: nothing to tell.
    }
  };
  const onData = (chunk: Buffer) => {
    if (settled) return;
    try {
      controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      if ((controller.desiredSize ?? 0) <= 0) raw.pause();
    } catch {
      settled = true;
    }
  };
  return new ReadableStream<Uint8Array>(
    {
      start(streamController) {
        controller = streamController;
        raw.on('data', onData);
        raw.once('end', () => settle(() => controller.close()));
        raw.once('error', (error) => settle(() => controller.error(error)));
        // Closed without its end: the client went away half-way.
        raw.once('close', () => settle(() => controller.error(new Error('The request was aborted.'))));
      },
      pull() {
        raw.resume();
      },
      cancel() {
        settled = true;
        raw.off('data', onData);
        // What is left of the body is read and dropped, so the connection can answer.
        raw.resume();
      },
    },
    { highWaterMark: 4 },
  );
}
