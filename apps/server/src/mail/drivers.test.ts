import { createServer, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { SmtpMailDriver } from './drivers';

/* A relay that accepts the connection and never greets: the SMTP driver gives up after its timeout. */

describe('the SMTP driver against a relay that never greets', () => {
  it('fails the message after the greeting timeout instead of waiting on the socket', async () => {
    const held: Socket[] = [];
    const silent = createServer((socket) => held.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const driver = new SmtpMailDriver(`smtp://127.0.0.1:${port}`, {
        connectionTimeout: 2_000,
        greetingTimeout: 200,
        socketTimeout: 2_000,
      });
      const sending = driver.send({
        from: 'mutirao@example.org',
        to: 'someone@example.org',
        subject: 'Hello',
        text: 'Hello',
        messageId: '<silent@example.org>',
      });
      await expect(sending).rejects.toMatchObject({ code: 'ETIMEDOUT' });
      expect(held).toHaveLength(1);
    } finally {
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  }, 30_000);
});
