import { createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface Received {
  from: string;
  to: string[];
  raw: string;
}

export interface TestSmtp {
  port: number;
  received: Received[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback (port 0: any free one): mail really travels through nodemailer and the SMTP
 * protocol, and every message that arrives is kept with its envelope and raw text. `acceptAfterMs` delays the
 * server's answer to each message, so messages can be caught in flight.
 */
export function startSmtp(
  port = 0,
  options: {
    acceptAfterMs?: number /** Refused for good (550), as a server refuses an unknown mailbox. */;
    rejectTo?: RegExp;
  } = {},
): Promise<TestSmtp> {
  const received: Received[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, callback) {
      if (options.rejectTo?.test(address.address))
        return callback(Object.assign(new Error('5.1.1 No such user'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        // A slow server keeps each message in flight: received here, not yet confirmed to the sender.
        if (options.acceptAfterMs) setTimeout(callback, options.acceptAfterMs);
        else callback();
      });
    },
  });
  // A sender that dies mid-message (the relay test kills one) resets its connection: expected, not a failure.
  smtp.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET') console.error('[smtp]', error);
  });
  return new Promise((resolve) => {
    smtp.listen(port, '127.0.0.1', () => {
      const address = smtp.server.address();
      resolve({
        port: typeof address === 'object' && address ? address.port : port,
        received,
        close: () => new Promise<void>((r) => smtp.close(() => r())),
      });
    });
  });
}

/** A loopback port nothing listens on yet: the address of an SMTP server that is down, until one starts there. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
