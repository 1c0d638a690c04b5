import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwilioDouble, type TwilioDouble } from '../../test/twilio';
import { type CallRequest, TelephonyError } from './driver';
import { twilioSignature, validTwilioSignature } from './signature';
import { TwilioTelephonyDriver } from './twilio';

const ACCOUNT = { sid: `AC${'a1'.repeat(16)}`, token: 'f0'.repeat(16), numbers: ['+5511933330000'] };
let twilio: TwilioDouble;
let driver: TwilioTelephonyDriver;
beforeAll(async () => {
  twilio = await startTwilioDouble([ACCOUNT]);
  driver = new TwilioTelephonyDriver(twilio.url);
});
afterAll(() => twilio.close());

const request = (extra: Partial<CallRequest['account']> = {}, to = '+5581988887777'): CallRequest => ({
  account: { accountSid: ACCOUNT.sid, authToken: ACCOUNT.token, number: ACCOUNT.numbers[0] as string, ...extra },
  to,
  target: '+5581999990000',
  statusCallback: 'https://mutirao.example.org/api/twilio/calls/7/status',
});

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TelephonyError);
  return error as TelephonyError;
};

describe('Twilio driver against a double of the REST API', () => {
  it('creates the call with basic auth, the form fields and the bridge TwiML, and reads the sid', async () => {
    const started = await driver.startCall(request());
    expect(started.sid).toMatch(/^CA[0-9a-f]{32}$/);
    expect(started.status).toBe('initiated');
    const sent = twilio.requests.at(-1);
    expect(sent?.method).toBe('POST');
    expect(sent?.path).toBe(`/2010-04-01/Accounts/${ACCOUNT.sid}/Calls.json`);
    expect(sent?.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(sent?.authorization).toBe(`Basic ${Buffer.from(`${ACCOUNT.sid}:${ACCOUNT.token}`).toString('base64')}`);
    expect(sent?.form.get('To')).toBe('+5581988887777');
    expect(sent?.form.get('From')).toBe('+5511933330000');
    expect(sent?.form.get('StatusCallback')).toBe('https://mutirao.example.org/api/twilio/calls/7/status');
    expect(sent?.form.get('StatusCallbackMethod')).toBe('POST');
    expect(sent?.form.getAll('StatusCallbackEvent')).toEqual(['initiated', 'ringing', 'answered', 'completed']);
    // Once the visitor answers, Twilio dials the target from the community's number and reports that leg too.
    expect(sent?.form.get('Twiml')).toBe(
      '<Response><Dial callerId="+5511933330000"><Number statusCallbackEvent="initiated ringing answered completed" ' +
        'statusCallback="https://mutirao.example.org/api/twilio/calls/7/status" statusCallbackMethod="POST">' +
        '+5581999990000</Number></Dial></Response>',
    );
    expect(twilio.calls.at(-1)?.sid).toBe(started.sid);
  });

  it("reports Twilio's errors with their status, code and message", async () => {
    const wrongToken = await refusal(driver.startCall(request({ authToken: 'e1'.repeat(16) })));
    expect(wrongToken).toMatchObject({ status: 401, code: 20003, message: 'Authenticate' });
    const notOwned = await refusal(driver.startCall(request({ number: '+5511900000000' })));
    expect(notOwned).toMatchObject({ status: 400, code: 21210 });
    const badTo = await refusal(driver.startCall(request({}, '+0')));
    expect(badTo).toMatchObject({
      status: 400,
      code: 21211,
      message: "The 'To' number +0 is not a valid phone number.",
    });
    twilio.throttleNext(1);
    expect(await refusal(driver.startCall(request()))).toMatchObject({ status: 429, code: 20429 });
    const down = new TwilioTelephonyDriver('http://127.0.0.1:9');
    expect(await refusal(down.startCall(request()))).toMatchObject({ status: 0 });
  });
});

describe('X-Twilio-Signature', () => {
  it("matches Twilio's documented example", () => {
    // https://www.twilio.com/docs/usage/security#validating-requests
    const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
    const params = {
      CallSid: 'CA1234567890ABCDE',
      Caller: '+12349013030',
      Digits: '1234',
      From: '+12349013030',
      To: '+18005551212',
    };
    expect(twilioSignature('12345', url, params)).toBe('0/KCTR6DLpKmkAf8muzZqo1nDgQ=');
    expect(validTwilioSignature('12345', url, params, '0/KCTR6DLpKmkAf8muzZqo1nDgQ=')).toBe(true);
    expect(validTwilioSignature('12345', url, { ...params, Digits: '9' }, '0/KCTR6DLpKmkAf8muzZqo1nDgQ=')).toBe(false);
    expect(validTwilioSignature('12345', url, params, undefined)).toBe(false);
  });
});
