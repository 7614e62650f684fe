/**
 * An incremental parser for text/event-stream (the HTML Living Standard's rules): fields per
 * line, `data` lines joined with a newline, an event dispatched at a blank line, comments and
 * unknown fields ignored, CRLF, LF or CR line ends, chunks split anywhere.
 */
export interface ServerSentEvent {
  event: string;
  data: string;
  id: string | undefined;
}

export class SseParser {
  private buffer = '';
  private data: string[] = [];
  private event = '';
  private id: string | undefined;
  private sawData = false;

  /** Feeds a chunk and returns the events it completed. */
  push(chunk: string): ServerSentEvent[] {
    this.buffer += chunk;
    const events: ServerSentEvent[] = [];
    for (;;) {
      const end = /\r\n|\n|\r/.exec(this.buffer);
      // A lone CR at the end may be the first half of CRLF: wait for the next chunk.
      if (end === null || (end[0] === '\r' && end.index === this.buffer.length - 1)) break;
      const line = this.buffer.slice(0, end.index);
      this.buffer = this.buffer.slice(end.index + end[0].length);
      const dispatched = this.line(line);
      if (dispatched !== null) events.push(dispatched);
    }
    return events;
  }

  /** The event left when the stream ends without a final blank line, if any. */
  end(): ServerSentEvent[] {
    const last = this.buffer === '' ? null : this.line(this.buffer);
    this.buffer = '';
    const pending = this.line('');
    return [last, pending].filter((event): event is ServerSentEvent => event !== null);
  }

  private line(line: string): ServerSentEvent | null {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') {
      this.data.push(value);
      this.sawData = true;
    } else if (field === 'event') this.event = value;
    else if (field === 'id' && !value.includes('\0')) this.id = value;
    return null;
  }

  private dispatch(): ServerSentEvent | null {
    const event = this.sawData
      ? { event: this.event || 'message', data: this.data.join('\n'), id: this.id }
      : null;
    this.data = [];
    this.event = '';
    this.sawData = false;
    return event;
  }
}
