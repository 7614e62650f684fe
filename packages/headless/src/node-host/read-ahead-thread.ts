/**
 * The thread that brings the files a cold build reads next into the page cache (read-ahead.ts).
 * Its event loop has nothing else to do, so each read's open, read and close follow one another
 * at once in libuv's pool, several files at a time, while the build's thread is busy.
 * Messages: first a ReadAheadStart (the root and the files, in the build's order), then
 * ReadAheadUntil messages, each saying how far the build has read and how far to bring in. Each
 * time it has brought in all it was asked for, it answers with a ReadAheadDone.
 */
import { close, constants, open, read } from 'node:fs';
import { parentPort } from 'node:worker_threads';

export interface ReadAheadStart {
  root: string;
  diskPaths: string[];
  sizes: number[];
}

export interface ReadAheadUntil {
  readTo: number;
  until: number;
}

/** What the thread answers once it has read all it was asked for. */
export interface ReadAheadDone {
  /** Files read so far (one that could not be opened or read is not counted). */
  broughtIn: number;
  /** How far it was asked to read. */
  until: number;
}

/** Reads in flight at once (the pool runs four by default; the rest wait there). */
const IN_FLIGHT = 16;
/** Bytes of a file brought in; the rest of a bigger file is read from the disk by the build. */
const BYTES_PER_FILE = 64 * 1024;
/** A symbolic link put in a file's place is not followed, nor a FIFO waited on. */
const OPEN_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

if (parentPort === null) throw new Error('read-ahead-thread runs as a worker thread only.');
const port = parentPort;

let files: ReadAheadStart = { root: '', diskPaths: [], sizes: [] };
let next = 0;
let until = 0;
let inFlight = 0;
let broughtIn = 0;
/** One buffer per read in flight, reused: the bytes are never looked at. */
const spare: Buffer[] = [];

port.once('message', (start: ReadAheadStart) => {
  files = start;
  port.on('message', (asked: ReadAheadUntil) => {
    next = Math.max(next, asked.readTo);
    until = Math.min(files.diskPaths.length, Math.max(until, asked.until));
    pump();
  });
});

function pump(): void {
  while (inFlight < IN_FLIGHT && next < until) {
    const i = next++;
    if (files.sizes[i] === 0) continue;
    inFlight++;
    bringIn(`${files.root}/${files.diskPaths[i]}`, files.sizes[i] as number, (read) => {
      inFlight--;
      if (read) broughtIn++;
      pump();
    });
  }
  if (inFlight === 0) port.postMessage({ broughtIn, until } satisfies ReadAheadDone);
}

/** Reads the start of a file; `done` hears whether any of it was read. */
function bringIn(path: string, size: number, done: (read: boolean) => void): void {
  const buffer = spare.pop() ?? Buffer.allocUnsafe(BYTES_PER_FILE);
  const finish = (read: boolean) => {
    spare.push(buffer);
    done(read);
  };
  open(path, OPEN_FLAGS, (openError, fd) => {
    if (openError !== null) return finish(false);
    read(fd, buffer, 0, Math.min(buffer.length, size), 0, (readError, bytes) =>
      close(fd, () => finish(readError === null && bytes > 0)),
    );
  });
}
