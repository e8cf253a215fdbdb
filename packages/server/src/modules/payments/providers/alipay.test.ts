import { spawnSync } from 'node:child_process';
import { generateKeyPairSync, sign, verify } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type AlipayConfig,
  alipayTime,
  createAlipayProvider,
  fenToYuan,
  loadAlipayKeys,
  notificationSignContent,
  readSignedResponse,
  responseSignSource,
  signContent,
  signParams,
  verifyNotification,
  yuanToFen,
} from './alipay';
import { PaymentProviderError } from './common';

// Keys made once for the file: the application's (signs our requests) and Alipay's (signs its answers).
const pem = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    pkcs1Der: privateKey.export({ type: 'pkcs1', format: 'der' }).toString('base64'),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    publicDer: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
  };
};
const app = pem();
const alipay = pem();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'alipay-test-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** SHA256withRSA by the openssl CLI: the reference our signatures must equal byte for byte. */
function opensslSign(message: string, privateKeyPem: string): string {
  const keyFile = path.join(tmp, 'key.pem');
  fs.writeFileSync(keyFile, privateKeyPem, { mode: 0o600 });
  const out = spawnSync('openssl', ['dgst', '-sha256', '-sign', keyFile], { input: Buffer.from(message, 'utf8') });
  if (out.status !== 0) throw new Error(`openssl failed: ${out.stderr.toString()}`);
  return out.stdout.toString('base64');
}

const alipaySign = (message: string) => sign('sha256', Buffer.from(message), alipay.privateKey).toString('base64');
const appVerify = (message: string, signature: string) =>
  verify('RSA-SHA256', Buffer.from(message), app.publicKey, Buffer.from(signature, 'base64'));

const NOW = new Date('2026-05-01T04:00:00Z');
const config: AlipayConfig = {
  appId: '2021000000000001',
  privateKeyPem: app.privateKey,
  alipayPublicKeyPem: alipay.publicKey,
};

interface Sent {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: string;
}

/** A fetch that records each request and answers from `reply`; the network is never asked. */
function fakeFetch(reply: (req: Sent) => { status?: number; body: string }) {
  const sent: Sent[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    const req = {
      url: new URL(url),
      method: String(init.method),
      headers: init.headers as Record<string, string>,
      body: String(init.body ?? ''),
    };
    sent.push(req);
    const answer = reply(req);
    return new Response(answer.body, { status: answer.status ?? 200 });
  }) as unknown as typeof fetch;
  return { fetchImpl, sent };
}

const unreachable = (async () => {
  throw new Error('the provider must not be asked');
}) as unknown as typeof fetch;

/** An open API answer as Alipay writes it: the response node's text, then its sign over that text. */
function signedAnswer(method: string, response: object, signed = true) {
  const node = JSON.stringify(response);
  const key = `${method.replace(/\./g, '_')}_response`;
  return { body: `{"${key}":${node}${signed ? `,"sign":"${alipaySign(node)}"` : ''}}` };
}

/** All parameters of a recorded call (query and form body), and their sign checked with the app's public key. */
function checkedParams(req: Sent): Record<string, string> {
  const params = Object.fromEntries([...req.url.searchParams, ...new URLSearchParams(req.body)]);
  const { sign: signature = '', ...rest } = params;
  const content = Object.keys(rest)
    .sort()
    .map((k) => `${k}=${rest[k]}`)
    .join('&');
  expect(appVerify(content, signature)).toBe(true);
  expect(rest).toMatchObject({
    app_id: config.appId,
    format: 'JSON',
    charset: 'utf-8',
    sign_type: 'RSA2',
    timestamp: '2026-05-01 12:00:00',
    version: '1.0',
  });
  return params;
}

const provider = (fetchImpl: typeof fetch) => createAlipayProvider(config, { fetch: fetchImpl, now: () => NOW });

describe('Alipay RSA2 signatures', () => {
  const params = {
    app_id: '2021000000000001',
    method: 'alipay.trade.precreate',
    charset: 'utf-8',
    sign_type: 'RSA2',
    timestamp: '2026-05-01 12:00:00',
    version: '1.0',
    notify_url: 'https://example.org/notify?a=1&b=2',
    biz_content: '{"out_trade_no":"P1","total_amount":"0.01","subject":"年会 报名费"}',
    format: 'JSON',
    empty: '',
    sign: 'ignored',
  };
  const expected =
    'app_id=2021000000000001&biz_content={"out_trade_no":"P1","total_amount":"0.01","subject":"年会 报名费"}' +
    '&charset=utf-8&format=JSON&method=alipay.trade.precreate&notify_url=https://example.org/notify?a=1&b=2' +
    '&sign_type=RSA2&timestamp=2026-05-01 12:00:00&version=1.0';

  it('builds the sign content: sorted, sign and empty values dropped, values not encoded', () => {
    expect(signContent(params)).toBe(expected);
    expect(notificationSignContent(params)).toBe(expected.replace('&sign_type=RSA2', ''));
    expect(signContent({ b: '2', a: '1', B: '3', _: '4', undef: undefined })).toBe('B=3&_=4&a=1&b=2');
  });

  it('signs as the SDKs do: SHA256withRSA equal to openssl byte for byte, verifiable by the public key', () => {
    const signature = signParams(params, app.privateKey);
    expect(signature).toBe(opensslSign(expected, app.privateKey));
    expect(appVerify(expected, signature)).toBe(true);
    // The bare base64 key (PKCS#1, as the Alipay key tool gives it for non-Java) signs the same.
    expect(signParams(params, app.pkcs1Der)).toBe(signature);
  });

  it('verifies a notification; refuses one changed by a byte, unsigned, or of another sign type', () => {
    const fields: Record<string, string> = {
      notify_time: '2026-05-01 11:58:31',
      notify_type: 'trade_status_sync',
      notify_id: 'ac05099524730693a8b330c5ecf72da9786',
      app_id: config.appId,
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      trade_no: '2026050122001400000000000001',
      out_trade_no: 'P202605010001',
      trade_status: 'TRADE_SUCCESS',
      total_amount: '123.45',
      subject: '年会报名费',
    };
    const content = Object.keys(fields)
      .filter((k) => k !== 'sign_type')
      .sort()
      .map((k) => `${k}=${fields[k]}`)
      .join('&');
    const signed = { ...fields, sign: alipaySign(content) };
    expect(verifyNotification(signed, alipay.publicKey)).toBe(true);
    expect(verifyNotification(signed, alipay.publicDer)).toBe(true);
    expect(verifyNotification({ ...signed, total_amount: '123.46' }, alipay.publicKey)).toBe(false);
    expect(verifyNotification({ ...signed, extra: 'x' }, alipay.publicKey)).toBe(false);
    expect(verifyNotification({ ...fields }, alipay.publicKey)).toBe(false);
    expect(verifyNotification({ ...signed, sign_type: 'RSA' }, alipay.publicKey)).toBe(false);
    expect(verifyNotification({ ...signed, sign: 'garbage' }, alipay.publicKey)).toBe(false);
    expect(verifyNotification(signed, app.publicKey)).toBe(false);
  });

  it('cuts the response node out of an answer exactly as signed', () => {
    const node = '{"code":"10000","msg":"Success","note":"a \\"}\\" {brace}","nested":{"x":[1,{"y":"}"}]}}';
    const text = `{"alipay_trade_query_response": ${node},"alipay_cert_sn":"abc","sign":"S"}`;
    expect(responseSignSource(text, 'alipay_trade_query_response')).toBe(node);
    expect(responseSignSource(text, 'alipay_trade_close_response')).toBeNull();
    const answer = signedAnswer('alipay.trade.query', { code: '10000', msg: 'Success', subject: 'a/b' });
    expect(readSignedResponse(answer.body, 'alipay.trade.query', alipay.publicKey)).toMatchObject({ subject: 'a/b' });
    // Alipay may escape '/' as '\/' in the text while signing the unescaped one (AlipayClient accepts it).
    const escaped = `{"alipay_trade_query_response":{"code":"10000","url":"https:\\/\\/x"},"sign":"${alipaySign('{"code":"10000","url":"https://x"}')}"}`;
    expect(readSignedResponse(escaped, 'alipay.trade.query', alipay.publicKey)).toMatchObject({ url: 'https://x' });
  });
});

describe('Alipay amounts and times', () => {
  it('converts yuan to fen exactly and refuses malformed amounts', () => {
    expect(yuanToFen('0.01')).toBe(1);
    expect(yuanToFen('1.00')).toBe(100);
    expect(yuanToFen('1.1')).toBe(110);
    expect(yuanToFen('123.45')).toBe(12345);
    expect(yuanToFen('100000.00')).toBe(10_000_000);
    expect(yuanToFen('0.29')).toBe(29);
    expect(yuanToFen('1')).toBe(100);
    for (const bad of [
      '1.234',
      '-1',
      'abc',
      '',
      '1.',
      '.5',
      '1e3',
      ' 1.00',
      '1,00',
      '01.00',
      '+1',
      'Infinity',
      'NaN',
    ]) {
      expect(() => yuanToFen(bad), bad).toThrow('支付金额格式无效');
    }
  });

  it('converts fen to yuan with two decimals, in integer arithmetic', () => {
    expect(fenToYuan(1)).toBe('0.01');
    expect(fenToYuan(100)).toBe('1.00');
    expect(fenToYuan(12345)).toBe('123.45');
    expect(fenToYuan(10_000_000)).toBe('100000.00');
    expect(fenToYuan(29)).toBe('0.29');
    expect(fenToYuan(Number.MAX_SAFE_INTEGER)).toBe('90071992547409.91');
    for (let fen = 0; fen < 100_000; fen += 7) expect(yuanToFen(fenToYuan(fen))).toBe(fen);
    expect(() => fenToYuan(1.5)).toThrow();
    expect(() => fenToYuan(-1)).toThrow();
  });

  it('writes times in China Standard Time', () => {
    expect(alipayTime(new Date('2026-12-31T16:05:09Z'))).toBe('2027-01-01 00:05:09');
  });
});

describe('Alipay adapter', () => {
  const start = {
    orderNo: 'P202605010001',
    amountFen: 12345,
    title: '2026年会报名费',
    notifyUrl: 'https://example.org/api/payments/notify/alipay',
    returnUrl: 'https://example.org/orders/P202605010001',
    expiresAt: new Date('2026-05-01T04:30:00Z'),
  };

  it('starts a QR payment (alipay.trade.precreate) and checks the answer’s sign', async () => {
    const { fetchImpl, sent } = fakeFetch(() =>
      signedAnswer('alipay.trade.precreate', {
        code: '10000',
        msg: 'Success',
        out_trade_no: 'P202605010001',
        qr_code: 'https://qr.alipay.com/bax03431ljhokirwl38f00a7',
      }),
    );
    expect(await provider(fetchImpl).start({ ...start, channel: 'qr' })).toEqual({
      qrCode: 'https://qr.alipay.com/bax03431ljhokirwl38f00a7',
    });
    const req = sent[0] as Sent;
    expect(req.method).toBe('POST');
    expect(`${req.url.origin}${req.url.pathname}`).toBe('https://openapi.alipay.com/gateway.do');
    expect(req.headers['Content-Type']).toBe('application/x-www-form-urlencoded;charset=utf-8');
    expect(req.url.searchParams.has('biz_content')).toBe(false);
    const params = checkedParams(req);
    expect(params).toMatchObject({ method: 'alipay.trade.precreate', notify_url: start.notifyUrl });
    expect(JSON.parse(String(params.biz_content))).toEqual({
      out_trade_no: 'P202605010001',
      total_amount: '123.45',
      subject: '2026年会报名费',
      time_expire: '2026-05-01 12:30:00',
    });
  });

  it('refuses an answer whose sign does not hold, and an unsigned success', async () => {
    const answer = signedAnswer('alipay.trade.precreate', {
      code: '10000',
      msg: 'Success',
      qr_code: 'https://qr.alipay.com/a',
    });
    const tampered = fakeFetch(() => ({ body: answer.body.replace('qr.alipay.com/a', 'qr.alipay.com/b') }));
    await expect(provider(tampered.fetchImpl).start({ ...start, channel: 'qr' })).rejects.toThrow('支付宝应答验签失败');
    const unsigned = fakeFetch(() =>
      signedAnswer(
        'alipay.trade.precreate',
        { code: '10000', msg: 'Success', qr_code: 'https://qr.alipay.com/a' },
        false,
      ),
    );
    await expect(provider(unsigned.fetchImpl).start({ ...start, channel: 'qr' })).rejects.toThrow('支付宝应答缺少签名');
    const refused = fakeFetch(() =>
      signedAnswer('alipay.trade.precreate', {
        code: '40004',
        msg: 'Business Failed',
        sub_code: 'ACQ.TRADE_HAS_SUCCESS',
        sub_msg: '交易已被支付',
      }),
    );
    const err = await provider(refused.fetchImpl)
      .start({ ...start, channel: 'qr' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect(err).toMatchObject({
      code: 'ACQ.TRADE_HAS_SUCCESS',
      message: '支付宝请求失败：交易已被支付（ACQ.TRADE_HAS_SUCCESS）',
    });
    const down = fakeFetch(() => ({ status: 502, body: 'bad gateway' }));
    await expect(provider(down.fetchImpl).start({ ...start, channel: 'qr' })).rejects.toThrow('HTTP 502');
  });

  it('starts a page payment (alipay.trade.wap.pay) as a signed GET URL to the gateway', async () => {
    const started = await provider(unreachable).start({ ...start, channel: 'page', title: '报名费 A&B/C=D' });
    const url = new URL(String(started.redirectUrl));
    expect(`${url.origin}${url.pathname}`).toBe('https://openapi.alipay.com/gateway.do');
    const params = checkedParams({ url, method: 'GET', headers: {}, body: '' });
    expect(params).toMatchObject({
      method: 'alipay.trade.wap.pay',
      notify_url: start.notifyUrl,
      return_url: start.returnUrl,
    });
    expect(JSON.parse(String(params.biz_content))).toEqual({
      out_trade_no: 'P202605010001',
      total_amount: '123.45',
      subject: '报名费 A B C D',
      time_expire: '2026-05-01 12:30:00',
      product_code: 'QUICK_WAP_WAY',
      quit_url: start.returnUrl,
    });
  });

  /** A notification form as Alipay posts it, signed over its decoded fields without sign and sign_type. */
  function notification(over: Record<string, string> = {}) {
    const fields: Record<string, string> = {
      gmt_create: '2026-05-01 11:58:20',
      charset: 'utf-8',
      seller_email: 'pay@example.org',
      subject: '2026年会报名费 & more',
      buyer_id: '2088102122524333',
      invoice_amount: '123.45',
      notify_id: '2026050100222115830044381411111111',
      fund_bill_list: '[{"amount":"123.45","fundChannel":"ALIPAYACCOUNT"}]',
      notify_type: 'trade_status_sync',
      trade_status: 'TRADE_SUCCESS',
      receipt_amount: '123.45',
      app_id: config.appId,
      buyer_pay_amount: '123.45',
      sign_type: 'RSA2',
      seller_id: '2088102119685838',
      gmt_payment: '2026-05-01 11:58:30',
      notify_time: '2026-05-01 11:58:31',
      version: '1.0',
      out_trade_no: 'P202605010001',
      total_amount: '123.45',
      trade_no: '2026050122001400000000000001',
      auth_app_id: config.appId,
      point_amount: '0.00',
      ...over,
    };
    const content = Object.keys(fields)
      .filter((k) => k !== 'sign_type' && fields[k] !== '')
      .sort()
      .map((k) => `${k}=${fields[k]}`)
      .join('&');
    return new URLSearchParams({ ...fields, sign: alipaySign(content) }).toString();
  }

  it('reads a verified notification end to end', async () => {
    const payment = await provider(unreachable).parseNotification({
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: notification(),
    });
    expect(payment).toEqual({
      orderNo: 'P202605010001',
      providerTxnId: '2026050122001400000000000001',
      amountFen: 12345,
      currency: 'CNY',
      state: 'paid',
      paidAt: new Date('2026-05-01T03:58:30Z'),
    });
    const states: [string, string][] = [
      ['TRADE_FINISHED', 'paid'],
      ['WAIT_BUYER_PAY', 'pending'],
      ['TRADE_CLOSED', 'closed'],
    ];
    for (const [tradeStatus, state] of states) {
      const p = await provider(unreachable).parseNotification({
        headers: {},
        body: notification({ trade_status: tradeStatus }),
      });
      expect(p.state).toBe(state);
    }
  });

  it('refuses a changed, foreign or malformed notification', async () => {
    const p = provider(unreachable);
    const body = notification();
    await expect(p.parseNotification({ headers: {}, body: body.replace('123.45', '123.46') })).rejects.toThrow(
      '支付通知签名无效',
    );
    await expect(p.parseNotification({ headers: {}, body: `${body}&extra=1` })).rejects.toThrow('支付通知签名无效');
    await expect(p.parseNotification({ headers: {}, body: 'a=1' })).rejects.toThrow('支付通知格式无效');
    await expect(
      p.parseNotification({ headers: {}, body: notification({ app_id: '2021000000000002' }) }),
    ).rejects.toThrow('支付通知的应用与配置不符');
    await expect(p.parseNotification({ headers: {}, body: notification({ total_amount: '1.234' }) })).rejects.toThrow(
      '支付金额格式无效',
    );
    await expect(p.parseNotification({ headers: {}, body: notification({ total_amount: '' }) })).rejects.toThrow(
      '支付通知缺少金额',
    );
    await expect(p.parseNotification({ headers: {}, body: notification({ trade_status: 'WHAT' }) })).rejects.toThrow(
      '未知的支付宝交易状态',
    );
  });

  it('acknowledges as Alipay expects', () => {
    const p = provider(unreachable);
    expect(p.acknowledge(true)).toEqual({ status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' });
    expect(p.acknowledge(false)).toMatchObject({ body: 'failure' });
  });

  it('queries an order (alipay.trade.query); an unknown one is null', async () => {
    const { fetchImpl, sent } = fakeFetch(() =>
      signedAnswer('alipay.trade.query', {
        code: '10000',
        msg: 'Success',
        buyer_logon_id: 'abc***@example.org',
        buyer_pay_amount: '123.45',
        out_trade_no: 'P202605010001',
        send_pay_date: '2026-05-01 11:58:30',
        total_amount: '123.45',
        trade_no: '2026050122001400000000000001',
        trade_status: 'TRADE_SUCCESS',
      }),
    );
    expect(await provider(fetchImpl).query('P202605010001')).toEqual({
      orderNo: 'P202605010001',
      providerTxnId: '2026050122001400000000000001',
      amountFen: 12345,
      currency: 'CNY',
      state: 'paid',
      paidAt: new Date('2026-05-01T03:58:30Z'),
    });
    const params = checkedParams(sent[0] as Sent);
    expect(params.method).toBe('alipay.trade.query');
    expect(JSON.parse(String(params.biz_content))).toEqual({ out_trade_no: 'P202605010001' });

    const missing = fakeFetch(() =>
      signedAnswer('alipay.trade.query', {
        code: '40004',
        msg: 'Business Failed',
        sub_code: 'ACQ.TRADE_NOT_EXIST',
        sub_msg: '交易不存在',
      }),
    );
    expect(await provider(missing.fetchImpl).query('P404')).toBeNull();
  });

  it('closes an order (alipay.trade.close); a trade Alipay never had is closed already', async () => {
    const { fetchImpl, sent } = fakeFetch(() =>
      signedAnswer('alipay.trade.close', { code: '10000', msg: 'Success', out_trade_no: 'P202605010001' }),
    );
    await provider(fetchImpl).close('P202605010001');
    const params = checkedParams(sent[0] as Sent);
    expect(params.method).toBe('alipay.trade.close');
    expect(JSON.parse(String(params.biz_content))).toEqual({ out_trade_no: 'P202605010001' });
    const never = fakeFetch(() =>
      signedAnswer('alipay.trade.close', {
        code: '40004',
        msg: 'Business Failed',
        sub_code: 'ACQ.TRADE_NOT_EXIST',
        sub_msg: '交易不存在',
      }),
    );
    await expect(provider(never.fetchImpl).close('P404')).resolves.toBeUndefined();
    const bad = fakeFetch(() =>
      signedAnswer('alipay.trade.close', {
        code: '40004',
        msg: 'Business Failed',
        sub_code: 'ACQ.TRADE_STATUS_ERROR',
        sub_msg: '交易状态不合法',
      }),
    );
    await expect(provider(bad.fetchImpl).close('P1')).rejects.toThrow('交易状态不合法');
  });

  it('never throws when built from bad secrets: the call that needs them fails with a message naming them', async () => {
    const bad = createAlipayProvider({ ...config, alipayPublicKeyPem: 'MIIB' }, { fetch: unreachable, now: () => NOW });
    await expect(bad.parseNotification({ headers: {}, body: notification() })).rejects.toThrow('支付宝公钥格式无效');
    await expect(bad.start({ ...start, channel: 'page' })).rejects.toThrow('支付宝公钥格式无效');
    expect(() => loadAlipayKeys(config)).not.toThrow();
    expect(() =>
      loadAlipayKeys({ ...config, privateKeyPem: app.pkcs1Der, alipayPublicKeyPem: alipay.publicDer }),
    ).not.toThrow();
    expect(() => loadAlipayKeys({ ...config, alipayPublicKeyPem: alipay.privateKey })).toThrow('支付宝公钥格式无效');
    expect(() => loadAlipayKeys({ ...config, privateKeyPem: '' })).toThrow('支付宝应用私钥格式无效');
  });

  it('refunds (alipay.trade.refund): fund_change Y done, otherwise processing', async () => {
    const refund = {
      orderNo: 'P202605010001',
      refundNo: 'R202605010001',
      amountFen: 345,
      totalFen: 12345,
      reason: '活动取消',
    };
    for (const [fundChange, state] of [
      ['Y', 'done'],
      ['N', 'processing'],
    ] as const) {
      const { fetchImpl, sent } = fakeFetch(() =>
        signedAnswer('alipay.trade.refund', {
          code: '10000',
          msg: 'Success',
          trade_no: '2026050122001400000000000001',
          out_trade_no: 'P202605010001',
          fund_change: fundChange,
          refund_fee: '3.45',
        }),
      );
      expect(await provider(fetchImpl).refund(refund)).toEqual({
        state,
        providerRefundId: '2026050122001400000000000001',
      });
      const params = checkedParams(sent[0] as Sent);
      expect(params.method).toBe('alipay.trade.refund');
      expect(JSON.parse(String(params.biz_content))).toEqual({
        out_trade_no: 'P202605010001',
        out_request_no: 'R202605010001',
        refund_amount: '3.45',
        refund_reason: '活动取消',
      });
    }
    const refused = fakeFetch(() =>
      signedAnswer('alipay.trade.refund', {
        code: '40004',
        msg: 'Business Failed',
        sub_code: 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL',
        sub_msg: '退款金额超限',
      }),
    );
    await expect(provider(refused.fetchImpl).refund(refund)).rejects.toThrow('退款金额超限');
    // A business failure is a refusal: definitely not refunded; ACQ.SYSTEM_ERROR is not known either
    // way (Alipay: call again with the same out_request_no).
    await expect(provider(refused.fetchImpl).refund(refund)).rejects.toMatchObject({ refused: true });
    const busy = fakeFetch(() =>
      signedAnswer('alipay.trade.refund', {
        code: '40004',
        msg: 'Business Failed',
        sub_code: 'ACQ.SYSTEM_ERROR',
        sub_msg: '系统错误',
      }),
    );
    await expect(provider(busy.fetchImpl).refund(refund)).rejects.toMatchObject({
      code: 'ACQ.SYSTEM_ERROR',
      refused: false,
    });
  });

  it('queries a refund (alipay.trade.fastpay.refund.query): one it names is done, one it does not is unknown', async () => {
    const asked = { refundNo: 'R202605010001', orderNo: 'P202605010001' };
    const named = fakeFetch(() =>
      signedAnswer('alipay.trade.fastpay.refund.query', {
        code: '10000',
        msg: 'Success',
        trade_no: '2026050122001400000000000001',
        out_trade_no: 'P202605010001',
        out_request_no: 'R202605010001',
        refund_amount: '3.45',
        refund_status: 'REFUND_SUCCESS',
      }),
    );
    expect(await provider(named.fetchImpl).queryRefund?.(asked)).toMatchObject({
      refundNo: 'R202605010001',
      state: 'done',
      amountFen: 345,
    });
    // No refund of that number done at Alipay: to be asked for again by the same number.
    const none = fakeFetch(() =>
      signedAnswer('alipay.trade.fastpay.refund.query', {
        code: '10000',
        msg: 'Success',
        out_trade_no: 'P202605010001',
      }),
    );
    expect(await provider(none.fetchImpl).queryRefund?.(asked)).toBeNull();
  });
});
