import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminsOfTwoTenants, createTestApp, createTestPerson, TestClient, type TestContext } from '../../testing';
import { sendMessage } from '../messages/service';

/** The common stored-script payloads, each planted through every path that stores text a page shows. */
const PAYLOADS = [
  '<img src=x onerror=alert(1)>',
  '<img src="https://cdn.example.cn/a.png" onerror="alert(1)">',
  '<svg onload=alert(1)><circle r="1"/></svg>',
  '<script>alert(1)</script>',
  '<a href="javascript:alert(1)">点我</a>',
  '<a href="&#106;avascript&#58;alert(1)">点我</a>',
  '<a href="  JaVaScRiPt:alert(1)">点我</a>',
  '<p style="background:url(javascript:alert(1))">样式</p>',
  '<p style="width: expression(alert(1))">样式</p>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
  '<img src="data:image/svg+xml,&lt;svg onload=alert(1)&gt;">',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<form action="javascript:alert(1)"><button>提交</button></form>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)"><base href="javascript:/">',
  '<!--<img src=x onerror=alert(1)>--><p>注释</p>',
  '"><img src=x onerror=alert(1)>',
  '<<img>img src=x onerror=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<p onclick="alert(1)" onmouseover=alert(1)>事件</p>',
].map((p, i) => `第${i}段${p}`);

const RUNNABLE_TAG = /<\s*(script|svg|math|iframe|object|embed|style|form|meta|base|link|body|details|button)\b/i;

/** Rich text comes back inert: no tag that runs, no handler, no script URL, styles only alignment. */
function expectInertHtml(html: string): void {
  expect(html).not.toMatch(RUNNABLE_TAG);
  expect(html).not.toMatch(/<[^>]*\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/(href|src|action|data)\s*=\s*["']?\s*(javascript|data|vbscript):/i);
  expect(html).not.toMatch(/&#/);
  for (const style of html.matchAll(/style\s*=\s*"([^"]*)"/gi)) {
    expect(style[1]).toMatch(/^text-align:\s*(left|right|center|justify);?$/);
  }
  expect(html).not.toMatch(/<img(?![^>]*src="(https:\/\/|\/st365\/systemfile\/public\/))/i);
}

/** Plain text comes back without anything an HTML parser would read as markup. */
function expectPlainText(text: string): void {
  expect(text).not.toMatch(/<[A-Za-z/!?]/);
}

describe('stored script: every rich-text and display-text path stores only inert text', () => {
  let t: TestContext;
  let admin: TestClient;
  let domain: string;
  let tenantId: number;
  beforeAll(async () => {
    t = await createTestApp();
    const two = await adminsOfTwoTenants(t);
    admin = two.a;
    domain = two.ta.domain;
    tenantId = two.ta.id;
  });
  afterAll(() => t.close());

  it('a form: description text, labels, options, pictures, settings and theme, in the designer and on the public fill page', async () => {
    const payload = PAYLOADS.join('');
    const created = await admin.post('/st365/project/forms', {
      name: `表单${PAYLOADS[0]}`.slice(0, 60),
      description: payload.slice(0, 500),
    });
    expect(created.body).toMatchObject({ code: 200 });
    const key = created.body.data.key as string;
    const fields = PAYLOADS.map((p, i) => ({
      id: `d${i}`,
      type: 'DESC_TEXT',
      label: p.slice(0, 200),
      props: { content: p },
    }));
    const schema = {
      settings: { submitText: '<b>提交</b>' },
      fields: [
        ...fields,
        {
          id: 'pick',
          type: 'IMAGE_SELECT',
          label: payload.slice(0, 200),
          placeholder: PAYLOADS[0],
          options: PAYLOADS.map((p, i) => ({
            value: i + 1,
            label: p.slice(0, 200),
            image: i % 2 ? 'javascript:alert(1)' : 'https://x.example/a.png") ; background:url(javascript:alert(1)',
          })),
          regList: [{ pattern: '.+', message: PAYLOADS[0] }],
        },
        {
          id: 'cas',
          type: 'CASCADER',
          label: '级联',
          options: [{ value: 'a', label: 'A', children: [{ value: 'b', label: PAYLOADS[3] ?? '' }] }],
        },
        {
          id: 'pic',
          type: 'IMAGE',
          label: '图',
          props: { images: ['javascript:alert(1)', '/st365/systemfile/public/abcDEF123'] },
        },
        { id: 'div', type: 'DIVIDER', label: '线', props: { text: PAYLOADS[0]?.slice(0, 100) } },
        { id: 'tbl', type: 'TABLE_INPUT', label: '表', props: { columns: ['<img src=x onerror=alert(1)>', '姓名'] } },
      ],
    };
    const saved = await admin.call('PUT', `/st365/project/forms/${key}/schema`, { schema });
    expect(saved.body).toMatchObject({ code: 200, msg: '保存成功' });
    await admin.call('PUT', `/st365/project/forms/${key}/settings`, { settings: { thanksText: PAYLOADS[0] } });
    const theme = await admin.call('PUT', `/st365/project/forms/${key}/theme`, {
      theme: {
        headImage: 'javascript:alert(1)',
        backgroundImage: 'https://x.example/b.png) ; x:url(javascript:alert(1)',
      },
    });
    expect(theme.body.code).toBe(200);
    expect((await admin.post(`/st365/project/forms/${key}/publish`)).body.code).toBe(200);

    const detail = (await admin.get(`/st365/project/forms/${key}`)).body.data;
    const shown = (await new TestClient(t.app, domain).get(`/st365/project/public/forms/${key}`)).body.data;
    for (const view of [detail, shown]) {
      expectPlainText(view.name);
      expectPlainText(view.description);
      expectPlainText(view.schema.settings.submitText);
      expect(view.theme.headImage).toBe('');
      expect(view.theme.backgroundImage).toBe('');
      for (const f of view.schema.fields) {
        expectPlainText(f.label);
        if (f.placeholder) expectPlainText(f.placeholder);
        if (f.props.content !== undefined) expectInertHtml(f.props.content);
        for (const o of f.options ?? []) {
          expectPlainText(o.label);
          expect(o.image ?? '').toBe('');
          for (const c of o.children ?? []) expectPlainText(c.label);
        }
        for (const r of f.regList) expectPlainText(r.message);
        if (f.props.text) expectPlainText(f.props.text);
      }
      const byId = Object.fromEntries(view.schema.fields.map((f: { id: string }) => [f.id, f]));
      expect(byId.pic.props.images).toEqual(['/st365/systemfile/public/abcDEF123']);
      expect(byId.tbl.props.columns).toEqual(['第1列', '姓名']);
      // The editor's formatting survives next to the removed payload.
      expect(byId.d7.props.content).toContain('样式');
    }
    expect(detail.settings.thanksText).not.toMatch(/<[A-Za-z]/);
  });

  it('an organisation description (rich text) is cleaned', async () => {
    const created = await admin.post('/st365/org/orgs', {
      name: '测试单位',
      orgType: 1,
      description: PAYLOADS.join(''),
    });
    expect(created.body).toMatchObject({ code: 200 });
    const list = (await admin.get('/st365/org/orgs?keyword=测试单位')).body.data.records;
    const org = list.find((o: { id: number }) => o.id === created.body.data.id);
    expectInertHtml(org.description);
    expect(org.description).toContain('事件');
  });

  it('an in-site message quoting what someone typed is stored as plain text', async () => {
    const person = await createTestPerson(t.db, tenantId);
    await t.db.withTenant(tenantId, (tx) =>
      sendMessage(
        tx,
        tenantId,
        'export.done',
        { userId: person.userId },
        { title: PAYLOADS[0] ?? '', body: PAYLOADS.join('\n') },
      ),
    );
    const reader = new TestClient(t.app, domain);
    await reader.loginAs(person.mobile as string, person.password);
    const list = await reader.get('/st365/messages');
    const [message] = list.body.data.records;
    expectPlainText(message.title);
    expectPlainText(message.body);
  });
});
