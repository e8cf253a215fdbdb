import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { AliyunSmsProvider, aliyunSign } from './aliyun';
import type { SmsMessage } from './provider';
import { TencentSmsProvider, tc3Authorization } from './tencent';

const require = createRequire(import.meta.url);
const message: SmsMessage = {
  phone: '13800000002',
  template: 'verify-code',
  params: { code: '482913' },
  content: '【示范】您的验证码为482913',
};
const notice: SmsMessage = {
  phone: '13800000002',
  template: 'notice',
  params: { content: '您的申报《智能传感器》已退回修改，请登录系统查看。' },
  content: '【示范】您的申报《智能传感器》已退回修改，请登录系统查看。',
};
const unreachable = (async () => {
  throw new Error('the provider must not be asked');
}) as unknown as typeof fetch;

describe('Tencent Cloud SMS adapter', () => {
  const config = {
    secretId: 'AKIDexample',
    secretKey: 'secret-key-example',
    sdkAppId: '1400000000',
    signName: '示范科协',
    templateId: '1234567',
  };

  it('signs exactly as the official SDK does (TC3-HMAC-SHA256)', () => {
    const { default: Sign } = require('tencentcloud-sdk-nodejs-common/tencentcloud/common/sign.js');
    const payload = {
      PhoneNumberSet: ['+8613800000002'],
      SmsSdkAppId: config.sdkAppId,
      SignName: config.signName,
      TemplateId: config.templateId,
      TemplateParamSet: ['482913', '5'],
    };
    for (const timestamp of [1_700_000_000, 1_795_300_000]) {
      const official = Sign.sign3({
        method: 'POST',
        url: 'https://sms.tencentcloudapi.com/',
        payload,
        timestamp,
        service: 'sms',
        secretId: config.secretId,
        secretKey: config.secretKey,
        headers: { 'Content-Type': 'application/json; charset=utf-8' },
      });
      const ours = tc3Authorization({
        ...config,
        service: 'sms',
        host: 'sms.tencentcloudapi.com',
        payload: JSON.stringify(payload),
        timestamp,
      });
      expect(ours).toBe(official);
    }
  });

  it('sends the recorded request and reads the answer', async () => {
    const sent: { url: string; init: RequestInit }[] = [];
    const fakeFetch = (async (url: string, init: RequestInit) => {
      sent.push({ url, init });
      return new Response(
        JSON.stringify({
          Response: { SendStatusSet: [{ Code: 'Ok', Message: 'send success', SerialNo: '2019:1' }], RequestId: 'r' },
        }),
      );
    }) as unknown as typeof fetch;
    const provider = new TencentSmsProvider(config, fakeFetch, () => 1_795_300_000);
    expect(await provider.send(message)).toEqual({ ok: true, providerId: '2019:1' });
    expect(sent[0]?.url).toBe('https://sms.tencentcloudapi.com/');
    const headers = sent[0]?.init.headers as Record<string, string>;
    expect(headers).toMatchObject({
      'X-TC-Action': 'SendSms',
      'X-TC-Version': '2021-01-11',
      'X-TC-Timestamp': '1795300000',
      'X-TC-Region': 'ap-guangzhou',
    });
    expect(JSON.parse(String(sent[0]?.init.body))).toEqual({
      PhoneNumberSet: ['+8613800000002'],
      SmsSdkAppId: '1400000000',
      SignName: '示范科协',
      TemplateId: '1234567',
      TemplateParamSet: ['482913', '5'],
    });
  });

  it('reports the provider error', async () => {
    const fakeFetch = (async () =>
      new Response(
        JSON.stringify({ Response: { Error: { Code: 'AuthFailure.SignatureFailure', Message: 'bad' } } }),
      )) as unknown as typeof fetch;
    expect(await new TencentSmsProvider(config, fakeFetch).send(message)).toEqual({
      ok: false,
      error: 'AuthFailure.SignatureFailure: bad',
    });
  });

  it('sends a notice with the notice template, its one parameter the text; refuses one without that template', () => {
    const provider = new TencentSmsProvider(
      { ...config, noticeTemplateId: '7654321' },
      unreachable,
      () => 1_795_300_000,
    );
    expect(JSON.parse(provider.request(notice).init.body)).toMatchObject({
      TemplateId: '7654321',
      TemplateParamSet: ['您的申报《智能传感器》已退回修改，请登录系统查看。'],
    });
    expect(JSON.parse(provider.request(message).init.body)).toMatchObject({ TemplateId: '1234567' });
    return expect(new TencentSmsProvider(config, unreachable).send(notice)).resolves.toEqual({
      ok: false,
      permanent: true,
      error: '未配置通知短信模板（TENCENT_SMS_NOTICE_TEMPLATE_ID），通知短信未发送',
    });
  });
});

describe('Aliyun SMS adapter', () => {
  const config = {
    accessKeyId: 'testId',
    accessKeySecret: 'testSecret',
    signName: '示范科协',
    templateCode: 'SMS_71390007',
  };

  it('signs exactly as the official RPC client (@alicloud/pop-core) does', async () => {
    const httpx = require('httpx');
    const original = httpx.request;
    let captured = '';
    httpx.request = async (url: string) => {
      captured = url;
      throw new Error('captured');
    };
    try {
      const RPCClient = require('@alicloud/pop-core');
      const client = new RPCClient({
        accessKeyId: config.accessKeyId,
        accessKeySecret: config.accessKeySecret,
        endpoint: 'https://dysmsapi.aliyuncs.com',
        apiVersion: '2017-05-25',
      });
      await client
        .request(
          'SendSms',
          {
            RegionId: 'cn-hangzhou',
            PhoneNumbers: message.phone,
            SignName: config.signName,
            TemplateCode: config.templateCode,
            TemplateParam: JSON.stringify(message.params),
          },
          { method: 'GET' },
        )
        .catch(() => undefined);
    } finally {
      httpx.request = original;
    }
    const params = Object.fromEntries(new URL(captured).searchParams);
    let official = params.Signature ?? '';
    while (official.includes('%')) official = decodeURIComponent(official);
    delete params.Signature;
    expect(aliyunSign(params, config.accessKeySecret)).toBe(official);

    const provider = new AliyunSmsProvider(config, fetch, () => ({
      now: new Date(String(params.Timestamp)),
      nonce: String(params.SignatureNonce),
    }));
    const ours = Object.fromEntries(new URL(provider.requestUrl(message)).searchParams);
    expect(ours.Signature).toBe(official);
  });

  it('sends a notice with the notice template and its content variable; refuses one without that template', async () => {
    const clock = () => ({ now: new Date('2026-05-01T00:00:00Z'), nonce: 'n' });
    const provider = new AliyunSmsProvider({ ...config, noticeTemplateCode: 'SMS_NOTICE_1' }, unreachable, clock);
    const params = new URL(provider.requestUrl(notice)).searchParams;
    expect(params.get('TemplateCode')).toBe('SMS_NOTICE_1');
    expect(JSON.parse(params.get('TemplateParam') ?? '')).toEqual(notice.params);
    expect(new URL(provider.requestUrl(message)).searchParams.get('TemplateCode')).toBe('SMS_71390007');
    expect(await new AliyunSmsProvider(config, unreachable).send(notice)).toEqual({
      ok: false,
      permanent: true,
      error: '未配置通知短信模板（ALIYUN_SMS_NOTICE_TEMPLATE_CODE），通知短信未发送',
    });
  });

  it('reads the answer and the provider error', async () => {
    const ok = (async () =>
      new Response(JSON.stringify({ Code: 'OK', BizId: '900619746936498440^0' }))) as unknown as typeof fetch;
    expect(await new AliyunSmsProvider(config, ok).send(message)).toEqual({
      ok: true,
      providerId: '900619746936498440^0',
    });
    const bad = (async () =>
      new Response(
        JSON.stringify({ Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发分钟级流控' }),
      )) as unknown as typeof fetch;
    expect(await new AliyunSmsProvider(config, bad).send(message)).toEqual({
      ok: false,
      error: 'isv.BUSINESS_LIMIT_CONTROL: 触发分钟级流控',
    });
  });
});
