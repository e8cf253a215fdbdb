import { spawnSync } from 'node:child_process';
import { createCipheriv, generateKeyPairSync, sign, verify } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PaymentProviderError } from './common';
import {
  buildSignMessage,
  createWechatPayProvider,
  decryptResource,
  encryptResource,
  loadWechatPayKeys,
  rfc3339China,
  signRequest,
  verifyNotificationSignature,
  type WechatPayConfig,
} from './wechatpay';

// Keys made once for the file: the merchant's (signs our requests) and WeChat Pay's (signs its answers).
const pem = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
};
const merchant = pem();
const platform = pem();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'wechatpay-test-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** SHA256withRSA by the openssl CLI: the reference our signatures must equal byte for byte. */
function opensslSign(message: string, privateKeyPem: string): string {
  const keyFile = path.join(tmp, 'key.pem');
  fs.writeFileSync(keyFile, privateKeyPem, { mode: 0o600 });
  const out = spawnSync('openssl', ['dgst', '-sha256', '-sign', keyFile], { input: Buffer.from(message, 'utf8') });
  if (out.status !== 0) throw new Error(`openssl failed: ${out.stderr.toString()}`);
  return out.stdout.toString('base64');
}

const platformSign = (message: string) => sign('sha256', Buffer.from(message), platform.privateKey).toString('base64');

const NOW = new Date('2026-05-01T04:00:00Z');
const NOW_S = Math.floor(NOW.getTime() / 1000);
const API_V3_KEY = 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6';
const config: WechatPayConfig = {
  mchId: '1900009191',
  appId: 'wxd678efh567hg6787',
  serialNo: '408B07E79B8269FEC3D5D3E6AB8ED163A6A380DB',
  privateKeyPem: merchant.privateKey,
  apiV3Key: API_V3_KEY,
  platformPublicKeyPem: platform.publicKey,
  platformSerial: 'PUB_KEY_ID_0112345678202604300000000000000001',
};

/** The headers WeChat Pay puts on a notification or an answer, signed by the platform key. */
function platformHeaders(body: string, over: { timestamp?: number; serial?: string; nonce?: string } = {}) {
  const timestamp = String(over.timestamp ?? NOW_S);
  const nonce = over.nonce ?? 'd824f2e086d3c1df967785d13fcd22ef';
  return {
    'wechatpay-timestamp': timestamp,
    'wechatpay-nonce': nonce,
    'wechatpay-signature': platformSign(`${timestamp}\n${nonce}\n${body}\n`),
    'wechatpay-serial': over.serial ?? config.platformSerial,
    'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
  };
}

/** AES-256-GCM as WeChat Pay encrypts a resource, written here independently of encryptResource. */
function wechatEncrypt(plaintext: string, associatedData: string, nonce = 'fdasflkja484') {
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(API_V3_KEY), Buffer.from(nonce));
  cipher.setAAD(Buffer.from(associatedData));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return {
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: ciphertext.toString('base64'),
    associated_data: associatedData,
    nonce,
  };
}

const AUTH =
  /^WECHATPAY2-SHA256-RSA2048 mchid="([^"]*)",nonce_str="([^"]*)",signature="([^"]*)",timestamp="([^"]*)",serial_no="([^"]*)"$/;

/** Checks an Authorization header the way WeChat Pay does: with the merchant's public key. */
function checkAuthorization(header: string, method: string, url: string, body: string) {
  const m = AUTH.exec(header);
  expect(m).not.toBeNull();
  const [, mchid, nonce, signature, timestamp, serial] = m as unknown as string[];
  expect({ mchid, serial }).toEqual({ mchid: config.mchId, serial: config.serialNo });
  expect(timestamp).toBe(String(NOW_S));
  const message = `${method}\n${url}\n${timestamp}\n${nonce}\n${body}\n`;
  expect(verify('sha256', Buffer.from(message), merchant.publicKey, Buffer.from(String(signature), 'base64'))).toBe(
    true,
  );
}

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
}

/** A fetch that records each request and answers from `reply`; the network is never asked. */
function fakeFetch(reply: (req: Sent) => { status?: number; body?: string; headers?: Record<string, string> }) {
  const sent: Sent[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    const req = {
      url,
      method: String(init.method),
      headers: init.headers as Record<string, string>,
      body: String(init.body ?? ''),
    };
    sent.push(req);
    const answer = reply(req);
    const status = answer.status ?? 200;
    return new Response(status === 204 ? null : (answer.body ?? ''), { status, headers: answer.headers ?? {} });
  }) as unknown as typeof fetch;
  return { fetchImpl, sent };
}

/** A signed JSON answer of the platform. */
const signedAnswer = (json: unknown, status = 200) => {
  const body = JSON.stringify(json);
  return { status, body, headers: { 'Content-Type': 'application/json', ...platformHeaders(body) } };
};

const provider = (fetchImpl: typeof fetch) =>
  createWechatPayProvider(config, {
    fetch: fetchImpl,
    now: () => NOW,
    nonce: () => '593BEC0C930BF1AFEB40B4A08C8FB242',
  });

const paidTransaction = {
  appid: config.appId,
  mchid: config.mchId,
  out_trade_no: 'P202605010001',
  transaction_id: '4200001234202605011234567890',
  trade_type: 'NATIVE',
  trade_state: 'SUCCESS',
  trade_state_desc: '支付成功',
  bank_type: 'OTHERS',
  success_time: '2026-05-01T11:58:30+08:00',
  payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
  amount: { total: 12345, payer_total: 12345, currency: 'CNY', payer_currency: 'CNY' },
};

describe('WeChat Pay v3 signatures', () => {
  it('builds the sign message line by line, each line ended by \\n (the last too, and an empty body)', () => {
    expect(buildSignMessage('GET', '/v3/certificates', 1554208460, '593BEC0C930BF1AFEB40B4A08C8FB242', '')).toBe(
      'GET\n/v3/certificates\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n\n',
    );
    expect(buildSignMessage('POST', '/v3/pay/transactions/native', '1554208460', 'N', '{"mchid":"1"}')).toBe(
      'POST\n/v3/pay/transactions/native\n1554208460\nN\n{"mchid":"1"}\n',
    );
  });

  it('signs a request as the SDKs do: SHA256withRSA equal to openssl byte for byte, verifiable by the public key', () => {
    const body = JSON.stringify({ description: '年会报名费', amount: { total: 1 } });
    const header = signRequest({
      mchId: config.mchId,
      serialNo: config.serialNo,
      privateKey: merchant.privateKey,
      method: 'POST',
      canonicalUrl: '/v3/pay/transactions/native',
      body,
      timestamp: 1554208460,
      nonce: '593BEC0C930BF1AFEB40B4A08C8FB242',
    });
    const message = `POST\n/v3/pay/transactions/native\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n${body}\n`;
    const signature = AUTH.exec(header)?.[3] ?? '';
    expect(header).toBe(
      `WECHATPAY2-SHA256-RSA2048 mchid="${config.mchId}",nonce_str="593BEC0C930BF1AFEB40B4A08C8FB242",` +
        `signature="${signature}",timestamp="1554208460",serial_no="${config.serialNo}"`,
    );
    expect(signature).toBe(opensslSign(message, merchant.privateKey));
    expect(verify('RSA-SHA256', Buffer.from(message), merchant.publicKey, Buffer.from(signature, 'base64'))).toBe(true);
  });

  it('accepts a notification signed by the platform key; refuses a changed body, a stale timestamp, a wrong serial', () => {
    const body = '{"id":"EV-2018022511223320873","event_type":"TRANSACTION.SUCCESS"}';
    const good = platformHeaders(body);
    const check =
      (headers: Record<string, string>, text = body, now = NOW) =>
      () =>
        verifyNotificationSignature(headers, text, platform.publicKey, config.platformSerial, now);
    expect(check(good)).not.toThrow();
    // Header names as a framework may spell them.
    expect(check(Object.fromEntries(Object.entries(good).map(([k, v]) => [k.toUpperCase(), v])))).not.toThrow();
    expect(check(good, body.replace('TRANSACTION', 'TRANSACTIOM'))).toThrow('支付通知签名无效');
    expect(check(good, `${body} `)).toThrow('支付通知签名无效');
    expect(check(good, body, new Date(NOW.getTime() + 301_000))).toThrow('支付通知已过期');
    expect(check(good, body, new Date(NOW.getTime() - 301_000))).toThrow('支付通知已过期');
    expect(check(good, body, new Date(NOW.getTime() + 299_000))).not.toThrow();
    expect(check(platformHeaders(body, { timestamp: NOW_S - 600 }))).toThrow('支付通知已过期');
    expect(check(platformHeaders(body, { serial: 'PUB_KEY_ID_OTHER' }))).toThrow('序列号与配置不符');
    expect(check({ ...good, 'wechatpay-serial': 'PUB_KEY_ID_OTHER' })).toThrow('序列号与配置不符');
    expect(check({ ...good, 'wechatpay-signature': platformSign('something else') })).toThrow('支付通知签名无效');
    expect(check({ ...good, 'wechatpay-signature': 'not base64!' })).toThrow('支付通知签名无效');
    const { 'wechatpay-nonce': _nonce, ...noNonce } = good;
    expect(check(noNonce)).toThrow('支付通知缺少签名信息');
    // Signed by anyone but the platform: the merchant's own key, say.
    const forged = {
      ...good,
      'wechatpay-signature': sign(
        'sha256',
        Buffer.from(`${NOW_S}\n${good['wechatpay-nonce']}\n${body}\n`),
        merchant.privateKey,
      ).toString('base64'),
    };
    expect(check(forged)).toThrow('支付通知签名无效');
  });
});

describe('WeChat Pay resource encryption (AEAD_AES_256_GCM)', () => {
  const plaintext = JSON.stringify(paidTransaction);

  it('decrypts a resource encrypted independently, with its associated data', () => {
    expect(decryptResource(API_V3_KEY, wechatEncrypt(plaintext, 'transaction'))).toBe(plaintext);
    expect(decryptResource(API_V3_KEY, wechatEncrypt(plaintext, ''))).toBe(plaintext);
    const { associated_data: _ad, ...withoutAd } = wechatEncrypt(plaintext, '');
    expect(decryptResource(API_V3_KEY, withoutAd)).toBe(plaintext);
  });

  it('refuses a changed ciphertext or tag, other associated data, another nonce or key', () => {
    const resource = wechatEncrypt(plaintext, 'transaction');
    const bytes = Buffer.from(resource.ciphertext, 'base64');
    const flip = (i: number) => {
      const copy = Buffer.from(bytes);
      copy[i] = (copy[i] ?? 0) ^ 1;
      return { ...resource, ciphertext: copy.toString('base64') };
    };
    expect(() => decryptResource(API_V3_KEY, flip(0))).toThrow('支付通知解密失败');
    expect(() => decryptResource(API_V3_KEY, flip(bytes.length - 1))).toThrow('支付通知解密失败');
    expect(() => decryptResource(API_V3_KEY, { ...resource, associated_data: 'transactiom' })).toThrow(
      '支付通知解密失败',
    );
    expect(() => decryptResource(API_V3_KEY, { ...resource, nonce: 'fdasflkja485' })).toThrow('支付通知解密失败');
    expect(() => decryptResource('b1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6', resource)).toThrow('支付通知解密失败');
    expect(() =>
      decryptResource(API_V3_KEY, { ...resource, ciphertext: bytes.subarray(0, 16).toString('base64') }),
    ).toThrow('支付通知密文无效');
    expect(() => decryptResource('short', resource)).toThrow('32字节');
  });

  it('encryptResource is what decryptResource (and the independent cipher) reads', () => {
    const resource = encryptResource(API_V3_KEY, plaintext, 'transaction', 'fdasflkja484');
    expect(resource).toEqual({ ...wechatEncrypt(plaintext, 'transaction'), original_type: 'transaction' });
    expect(decryptResource(API_V3_KEY, encryptResource(API_V3_KEY, '你好'))).toBe('你好');
  });
});

describe('WeChat Pay adapter', () => {
  const unreachable = (async () => {
    throw new Error('the provider must not be asked');
  }) as unknown as typeof fetch;

  function notification(txn: object, over: { event_type?: string; associatedData?: string } = {}) {
    const body = JSON.stringify({
      id: 'EV-2018022511223320873',
      create_time: '2026-05-01T11:58:31+08:00',
      resource_type: 'encrypt-resource',
      event_type: over.event_type ?? 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource: {
        original_type: 'transaction',
        ...wechatEncrypt(JSON.stringify(txn), over.associatedData ?? 'transaction'),
      },
    });
    return { headers: platformHeaders(body), body };
  }

  it('reads a verified notification end to end', async () => {
    const p = provider(unreachable);
    expect(await p.parseNotification(notification(paidTransaction))).toEqual({
      orderNo: 'P202605010001',
      providerTxnId: '4200001234202605011234567890',
      amountFen: 12345,
      currency: 'CNY',
      state: 'paid',
      paidAt: new Date('2026-05-01T03:58:30Z'),
    });
  });

  it('refuses a notification with a bad signature, a stale one, or one not about a payment of ours', async () => {
    const p = provider(unreachable);
    const good = notification(paidTransaction);
    await expect(p.parseNotification({ ...good, body: good.body.replace('EV-2018', 'EV-2019') })).rejects.toThrow(
      '支付通知签名无效',
    );
    const late = createWechatPayProvider(config, { fetch: unreachable, now: () => new Date(NOW.getTime() + 600_000) });
    await expect(late.parseNotification(good)).rejects.toThrow('支付通知已过期');
    await expect(p.parseNotification(notification(paidTransaction, { event_type: 'REFUND.SUCCESS' }))).rejects.toThrow(
      '不是支付结果通知',
    );
    await expect(p.parseNotification(notification({ ...paidTransaction, mchid: '1900000000' }))).rejects.toThrow(
      '商户号与配置不符',
    );
    await expect(p.parseNotification(notification({ ...paidTransaction, appid: 'wx0000' }))).rejects.toThrow(
      '应用与配置不符',
    );
    await expect(
      p.parseNotification(notification({ ...paidTransaction, amount: { total: 1, currency: 'USD' } })),
    ).rejects.toThrow('不支持的币种');
    // A resource encrypted under other associated data than it names (a spliced notification).
    const body = notification(paidTransaction).body.replace('"associated_data":"transaction"', '"associated_data":"x"');
    await expect(p.parseNotification({ headers: platformHeaders(body), body })).rejects.toThrow('支付通知解密失败');
    const notJson = 'not json';
    await expect(p.parseNotification({ headers: platformHeaders(notJson), body: notJson })).rejects.toThrow(
      '支付通知格式无效',
    );
  });

  it('maps the trade states', async () => {
    const p = provider(unreachable);
    const cases: [string, string][] = [
      ['SUCCESS', 'paid'],
      ['REFUND', 'paid'],
      ['NOTPAY', 'pending'],
      ['USERPAYING', 'pending'],
      ['CLOSED', 'closed'],
      ['REVOKED', 'closed'],
      ['PAYERROR', 'failed'],
    ];
    for (const [tradeState, state] of cases) {
      const payment = await p.parseNotification(notification({ ...paidTransaction, trade_state: tradeState }));
      expect(payment.state).toBe(state);
    }
    await expect(p.parseNotification(notification({ ...paidTransaction, trade_state: 'WHAT' }))).rejects.toThrow(
      '未知的微信支付交易状态',
    );
  });

  it('acknowledges as WeChat Pay v3 expects', () => {
    const p = provider(unreachable);
    expect(p.acknowledge(true)).toMatchObject({ status: 200, body: '' });
    expect(p.acknowledge(false)).toEqual({
      status: 500,
      contentType: 'application/json; charset=utf-8',
      body: '{"code":"FAIL","message":"失败"}',
    });
  });

  const start = {
    orderNo: 'P202605010001',
    amountFen: 12345,
    title: '2026年会报名费',
    notifyUrl: 'https://example.org/api/payments/notify/wechat',
    returnUrl: 'https://example.org/orders/P202605010001',
    expiresAt: new Date('2026-05-01T04:30:00Z'),
  };

  it('starts a Native (QR) payment with a signed request and reads the signed answer', async () => {
    const { fetchImpl, sent } = fakeFetch(() => signedAnswer({ code_url: 'weixin://wxpay/bizpayurl?pr=JyC91EIz1' }));
    expect(await provider(fetchImpl).start({ ...start, channel: 'qr' })).toEqual({
      qrCode: 'weixin://wxpay/bizpayurl?pr=JyC91EIz1',
    });
    const req = sent[0] as Sent;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('https://api.mch.weixin.qq.com/v3/pay/transactions/native');
    checkAuthorization(String(req.headers.Authorization), 'POST', '/v3/pay/transactions/native', req.body);
    expect(req.headers).toMatchObject({ 'Content-Type': 'application/json', Accept: 'application/json' });
    expect(JSON.parse(req.body)).toEqual({
      appid: config.appId,
      mchid: config.mchId,
      description: '2026年会报名费',
      out_trade_no: 'P202605010001',
      time_expire: '2026-05-01T12:30:00+08:00',
      notify_url: 'https://example.org/api/payments/notify/wechat',
      amount: { total: 12345, currency: 'CNY' },
    });
  });

  it('starts an H5 (page) payment and sends the payer back to the return URL', async () => {
    const h5 =
      'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx2016121516420242444321ca0631331346&package=1405458241';
    const { fetchImpl, sent } = fakeFetch(() => signedAnswer({ h5_url: h5 }));
    const started = await provider(fetchImpl).start({ ...start, channel: 'page' });
    expect(started).toEqual({
      redirectUrl: `${h5}&redirect_url=${encodeURIComponent(start.returnUrl)}`,
    });
    const req = sent[0] as Sent;
    expect(req.url).toBe('https://api.mch.weixin.qq.com/v3/pay/transactions/h5');
    checkAuthorization(String(req.headers.Authorization), 'POST', '/v3/pay/transactions/h5', req.body);
    expect(JSON.parse(req.body)).toMatchObject({
      out_trade_no: 'P202605010001',
      amount: { total: 12345, currency: 'CNY' },
      scene_info: { payer_client_ip: '127.0.0.1', h5_info: { type: 'Wap' } },
    });
  });

  it('refuses an answer with a bad or missing signature, and reports a refusal of the provider', async () => {
    const body = JSON.stringify({ code_url: 'weixin://wxpay/bizpayurl?pr=evil' });
    const tampered = fakeFetch(() => ({
      body,
      headers: platformHeaders(JSON.stringify({ code_url: 'weixin://wxpay/bizpayurl?pr=JyC91EIz1' })),
    }));
    await expect(provider(tampered.fetchImpl).start({ ...start, channel: 'qr' })).rejects.toThrow('应答验签失败');
    const unsigned = fakeFetch(() => ({ body }));
    await expect(provider(unsigned.fetchImpl).start({ ...start, channel: 'qr' })).rejects.toThrow('应答验签失败');
    const refused = fakeFetch(() => signedAnswer({ code: 'PARAM_ERROR', message: '参数错误' }, 400));
    const err = await provider(refused.fetchImpl)
      .start({ ...start, channel: 'qr' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect(err).toMatchObject({
      code: 'PARAM_ERROR',
      httpStatus: 400,
      message: '微信支付请求失败：参数错误（PARAM_ERROR）',
    });
    await expect(provider(unreachable).start({ ...start, channel: 'qr', amountFen: 1.5 })).rejects.toThrow(
      '支付金额无效',
    );
  });

  it('queries an order: a signed answer read, an unknown order null', async () => {
    const { fetchImpl, sent } = fakeFetch(() => signedAnswer(paidTransaction));
    expect(await provider(fetchImpl).query('P202605010001')).toMatchObject({
      orderNo: 'P202605010001',
      state: 'paid',
      amountFen: 12345,
      providerTxnId: '4200001234202605011234567890',
    });
    const req = sent[0] as Sent;
    const url = `/v3/pay/transactions/out-trade-no/P202605010001?mchid=${config.mchId}`;
    expect(req.method).toBe('GET');
    expect(req.url).toBe(`https://api.mch.weixin.qq.com${url}`);
    expect(req.body).toBe('');
    checkAuthorization(String(req.headers.Authorization), 'GET', url, '');

    const notPaid = fakeFetch(() =>
      signedAnswer({
        appid: config.appId,
        mchid: config.mchId,
        out_trade_no: 'P202605010001',
        trade_state: 'NOTPAY',
        trade_state_desc: '订单未支付',
        amount: { currency: 'CNY', payer_currency: 'CNY', total: 12345 },
      }),
    );
    expect(await provider(notPaid.fetchImpl).query('P202605010001')).toEqual({
      orderNo: 'P202605010001',
      providerTxnId: '',
      amountFen: 12345,
      currency: 'CNY',
      state: 'pending',
      paidAt: null,
    });

    const missing = fakeFetch(() => signedAnswer({ code: 'ORDER_NOT_EXIST', message: '订单不存在' }, 404));
    expect(await provider(missing.fetchImpl).query('P404')).toBeNull();
    // An error answer is not required to be signed, but a signature it carries must hold.
    const unsignedMissing = fakeFetch(() => ({
      status: 404,
      body: '{"code":"ORDER_NOT_EXIST","message":"订单不存在"}',
    }));
    expect(await provider(unsignedMissing.fetchImpl).query('P404')).toBeNull();
    const forgedMissing = fakeFetch(() => ({
      status: 404,
      body: '{"code":"ORDER_NOT_EXIST","message":"订单不存在"}',
      headers: platformHeaders('{}'),
    }));
    await expect(provider(forgedMissing.fetchImpl).query('P404')).rejects.toThrow('应答验签失败');
  });

  it('closes an order (204, signed empty body)', async () => {
    const { fetchImpl, sent } = fakeFetch(() => ({ status: 204, headers: platformHeaders('') }));
    await provider(fetchImpl).close('P202605010001');
    const req = sent[0] as Sent;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('https://api.mch.weixin.qq.com/v3/pay/transactions/out-trade-no/P202605010001/close');
    checkAuthorization(
      String(req.headers.Authorization),
      'POST',
      '/v3/pay/transactions/out-trade-no/P202605010001/close',
      req.body,
    );
    expect(JSON.parse(req.body)).toEqual({ mchid: config.mchId });
    const refused = fakeFetch(() => signedAnswer({ code: 'ORDERPAID', message: '订单已支付' }, 400));
    await expect(provider(refused.fetchImpl).close('P1')).rejects.toThrow('订单已支付');
  });

  it('refunds: SUCCESS done, PROCESSING processing, anything else failed', async () => {
    const refund = {
      orderNo: 'P202605010001',
      refundNo: 'R202605010001',
      amountFen: 345,
      totalFen: 12345,
      reason: '活动取消',
    };
    const states: [string, string][] = [
      ['SUCCESS', 'done'],
      ['PROCESSING', 'processing'],
      ['ABNORMAL', 'failed'],
      ['CLOSED', 'failed'],
    ];
    for (const [status, state] of states) {
      const { fetchImpl, sent } = fakeFetch(() =>
        signedAnswer({ refund_id: '50000000382019052709732678859', out_refund_no: 'R202605010001', status }),
      );
      expect(await provider(fetchImpl).refund(refund)).toEqual({
        state,
        providerRefundId: '50000000382019052709732678859',
      });
      const req = sent[0] as Sent;
      expect(req.url).toBe('https://api.mch.weixin.qq.com/v3/refund/domestic/refunds');
      checkAuthorization(String(req.headers.Authorization), 'POST', '/v3/refund/domestic/refunds', req.body);
      expect(JSON.parse(req.body)).toEqual({
        out_trade_no: 'P202605010001',
        out_refund_no: 'R202605010001',
        reason: '活动取消',
        amount: { refund: 345, total: 12345, currency: 'CNY' },
      });
    }
    const poor = fakeFetch(() => signedAnswer({ code: 'NOT_ENOUGH', message: '基本账户余额不足' }, 403));
    await expect(provider(poor.fetchImpl).refund(refund)).rejects.toThrow('基本账户余额不足');
    // A 4xx is a refusal: definitely not refunded. A 5xx is not known either way (asked again).
    await expect(provider(poor.fetchImpl).refund(refund)).rejects.toMatchObject({ code: 'NOT_ENOUGH', refused: true });
    const busy = fakeFetch(() => signedAnswer({ code: 'SYSTEM_ERROR', message: '系统超时' }, 500));
    await expect(provider(busy.fetchImpl).refund(refund)).rejects.toMatchObject({
      code: 'SYSTEM_ERROR',
      refused: false,
    });
  });

  it('never throws when built from bad secrets: the call that needs them fails with a message naming them', async () => {
    const bad = createWechatPayProvider(
      { ...config, privateKeyPem: 'not a key' },
      { fetch: unreachable, now: () => NOW },
    );
    await expect(bad.start({ ...start, channel: 'qr' })).rejects.toThrow('微信支付商户私钥格式无效');
    await expect(bad.parseNotification(notification(paidTransaction))).rejects.toThrow('微信支付商户私钥格式无效');
    expect(bad.acknowledge(false).status).toBe(500);
    expect(() => loadWechatPayKeys(config)).not.toThrow();
    expect(() => loadWechatPayKeys({ ...config, platformPublicKeyPem: merchant.privateKey })).toThrow(
      '微信支付平台公钥',
    );
    expect(() => loadWechatPayKeys({ ...config, apiV3Key: 'short' })).toThrow('APIv3 密钥');
    expect(() => loadWechatPayKeys({ ...config, platformSerial: '' })).toThrow('未配置');
  });

  it('writes time_expire in RFC 3339 at +08:00 whatever the server time zone', () => {
    expect(rfc3339China(new Date('2026-12-31T16:05:09Z'))).toBe('2027-01-01T00:05:09+08:00');
  });
});

/**
 * Refund results (退款结果通知 and the refund query): the resource is decrypted as the official SDKs
 * decrypt it. The vector below was computed outside this code, by AESGCM of the Python
 * `cryptography` package (what the official Python SDK, wechatpayv3, decrypts with): the APIv3 key
 * above, nonce R3fundN0nce1, associated data "refund".
 */
describe('WeChat Pay v3 refunds: notification and query', () => {
  const REFUND_PLAIN =
    '{"mchid":"1900009191","out_trade_no":"P202605010001","transaction_id":"4200001234202605011234567890","out_refund_no":"R2026050100010001","refund_id":"50000000382019052709732678859","refund_status":"SUCCESS","success_time":"2026-05-02T09:30:00+08:00","user_received_account":"招商银行信用卡0403","amount":{"total":12345,"refund":345,"payer_total":12345,"payer_refund":345}}';
  const REFUND_CIPHERTEXT =
    'S+g60Tr9BVRu3EifPEC7MonA3ErUS/szcjn9BDsxA/Q0qCPx3UAA51Rnuy+68c/Ilq/2hrEOXM2Imh/xQyxe+TGpdP/zXZNvEFykVYFSEkkSTJe7UCUu2Dn2jAExH2PZnS7Qwc0ZUDITMytvKp6a6/Uv4mg89/XxWiRZQqYB+KsyJLc55PtIgER+pUMsrRCaDW+235m8/mtDYIVC2lg29k2JEX6xMnsB4onUpvN2wcFqZckn7tDIEl0H4Mo475Um4uzSYUyReuUMORImFPrm9SdBTNx22Ih0B0BNc/4SKr++0k/e0vaV8lFOKKL+RVj7xn7v4n9Nvx7EGtyemxO0ptUuJWuFDGm+RqxttDOqr2B5fTvCVK5m03ricKkl7gbqPlFvADQk2358b4PmK3D17Rxr+mZ1jlRdxVqWkgoHOsaUiuZY00bTPi4HEbdWIHnnSYahpWMiNN89+4/ZE/CEfLRzR/GVFhUR+W788QBQ0SPP1/iAnJs3B28aVWcAReLNsUtt8HV7f/zh+L0=';
  const resource = {
    algorithm: 'AEAD_AES_256_GCM',
    original_type: 'refund',
    ciphertext: REFUND_CIPHERTEXT,
    associated_data: 'refund',
    nonce: 'R3fundN0nce1',
  };
  const refundNotification = (over: { event_type?: string; resource?: object } = {}) => {
    const body = JSON.stringify({
      id: 'EV-2018022511223320873',
      create_time: '2026-05-02T09:30:01+08:00',
      resource_type: 'encrypt-resource',
      event_type: over.event_type ?? 'REFUND.SUCCESS',
      summary: '退款成功',
      resource: over.resource ?? resource,
    });
    return { headers: platformHeaders(body), body };
  };
  const unreachable = (async () => {
    throw new Error('no network in this test');
  }) as unknown as typeof fetch;

  it('decrypts the independently computed vector byte for byte', () => {
    expect(decryptResource(API_V3_KEY, resource)).toBe(REFUND_PLAIN);
    expect(() => decryptResource(API_V3_KEY, { ...resource, associated_data: 'transaction' })).toThrow(
      '支付通知解密失败',
    );
  });

  it('reads a verified refund notification', async () => {
    expect(await provider(unreachable).parseRefundNotification?.(refundNotification())).toEqual({
      orderNo: 'P202605010001',
      refundNo: 'R2026050100010001',
      providerRefundId: '50000000382019052709732678859',
      state: 'done',
      amountFen: 345,
      settledAt: new Date('2026-05-02T01:30:00Z'),
      providerState: 'SUCCESS',
    });
  });

  it('refuses a refund notification forged, stale, of a payment, or of another merchant', async () => {
    const p = provider(unreachable);
    const good = refundNotification();
    await expect(
      p.parseRefundNotification?.({ ...good, body: good.body.replace('退款成功', '已退款') }),
    ).rejects.toThrow('支付通知签名无效');
    const late = createWechatPayProvider(config, { fetch: unreachable, now: () => new Date(NOW.getTime() + 600_000) });
    await expect(late.parseRefundNotification?.(good)).rejects.toThrow('支付通知已过期');
    await expect(
      p.parseRefundNotification?.(refundNotification({ event_type: 'TRANSACTION.SUCCESS' })),
    ).rejects.toThrow('不是退款结果通知');
    const other = wechatEncrypt(REFUND_PLAIN.replace('1900009191', '1900000000'), 'refund');
    await expect(p.parseRefundNotification?.(refundNotification({ resource: other }))).rejects.toThrow(
      '退款通知的商户号与配置不符',
    );
    // A payment notification is not read as a refund, nor a refund as a payment.
    await expect(p.parseNotification(good)).rejects.toThrow('不是支付结果通知');
  });

  it('reads CLOSED and ABNORMAL as failed, PROCESSING as processing', async () => {
    const p = provider(unreachable);
    for (const [status, state] of [
      ['CLOSED', 'failed'],
      ['ABNORMAL', 'failed'],
      ['PROCESSING', 'processing'],
    ] as const) {
      const enc = wechatEncrypt(REFUND_PLAIN.replace('"SUCCESS"', `"${status}"`), 'refund');
      expect(await p.parseRefundNotification?.(refundNotification({ resource: enc }))).toMatchObject({
        state,
        providerState: status,
      });
    }
  });

  it('queries a refund with a signed GET and reads the signed answer; an unknown refund is null', async () => {
    const answer = {
      refund_id: '50000000382019052709732678859',
      out_refund_no: 'R2026050100010001',
      transaction_id: '4200001234202605011234567890',
      out_trade_no: 'P202605010001',
      channel: 'ORIGINAL',
      user_received_account: '招商银行信用卡0403',
      success_time: '2026-05-02T09:30:00+08:00',
      create_time: '2026-05-02T09:29:00+08:00',
      status: 'SUCCESS',
      amount: { total: 12345, refund: 345, payer_total: 12345, payer_refund: 345, currency: 'CNY' },
    };
    const { fetchImpl, sent } = fakeFetch(() => signedAnswer(answer));
    const found = await provider(fetchImpl).queryRefund?.({ refundNo: 'R2026050100010001', orderNo: 'P202605010001' });
    expect(found).toMatchObject({ state: 'done', amountFen: 345, refundNo: 'R2026050100010001' });
    const req = sent[0] as Sent;
    const url = '/v3/refund/domestic/refunds/R2026050100010001';
    expect(req.method).toBe('GET');
    expect(req.url).toBe(`https://api.mch.weixin.qq.com${url}`);
    checkAuthorization(String(req.headers.Authorization), 'GET', url, '');
    const missing = fakeFetch(() => signedAnswer({ code: 'RESOURCE_NOT_EXISTS', message: '退款单不存在' }, 404));
    expect(await provider(missing.fetchImpl).queryRefund?.({ refundNo: 'R404', orderNo: 'P404' })).toBeNull();
  });

  it('refunds one transaction by its id and asks to be notified', async () => {
    const { fetchImpl, sent } = fakeFetch(() =>
      signedAnswer({ refund_id: '5000000038201905270000', out_refund_no: 'R1', status: 'PROCESSING' }),
    );
    const r = await provider(fetchImpl).refund({
      orderNo: 'P202605010001',
      refundNo: 'R1',
      amountFen: 345,
      totalFen: 345,
      reason: '重复支付',
      providerTxnId: '4200001234202605011234567890',
      notifyUrl: 'https://a.example.com/st365/public/payments/refund-notify/7',
    });
    expect(r.state).toBe('processing');
    expect(JSON.parse((sent[0] as Sent).body)).toEqual({
      transaction_id: '4200001234202605011234567890',
      out_refund_no: 'R1',
      reason: '重复支付',
      notify_url: 'https://a.example.com/st365/public/payments/refund-notify/7',
      amount: { refund: 345, total: 345, currency: 'CNY' },
    });
  });
});
