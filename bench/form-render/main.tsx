import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, Checkbox, ConfigProvider, Form, Input, InputNumber, Radio, Select } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { FormRenderer } from '../../packages/web/src/modules/forms/renderer/FormRenderer';
import { benchSchema } from './schema';

/**
 * Renders the benchmark form with the engine (?mode=engine) or the same fields with a plain antd
 * Form and no logic (?mode=plain), and records the first render and every keystroke's latency to
 * the next paint in window.__bench.
 */
declare global {
  interface Window {
    __bench: { renderMs: number | null; keys: number[]; work: number[] };
  }
}
window.__bench = { renderMs: null, keys: [], work: [] };

const mode = new URLSearchParams(location.search).get('mode') ?? 'engine';
const fields = Number(new URLSearchParams(location.search).get('fields') ?? 500);
const rules = Number(new URLSearchParams(location.search).get('rules') ?? 200);
const schema = benchSchema(fields, rules);
const afterPaint = (done: () => void) => requestAnimationFrame(() => setTimeout(done, 0));

function Plain() {
  return (
    <Form layout="horizontal" labelCol={{ flex: '0 0 125px' }} wrapperCol={{ flex: 1 }}>
      {schema.fields.map((f) => (
        <Form.Item key={f.id} name={`field${f.id}`} label={f.label} initialValue={f.defaultValue}>
          {f.type === 'RADIO' ? (
            <Radio.Group options={(f.options ?? []).map((o) => ({ value: o.value, label: o.label }))} />
          ) : f.type === 'CHECKBOX' ? (
            <Checkbox.Group options={(f.options ?? []).map((o) => ({ value: o.value, label: o.label }))} />
          ) : f.type === 'SELECT' ? (
            <Select options={(f.options ?? []).map((o) => ({ value: o.value, label: o.label }))} />
          ) : f.type === 'NUMBER_INPUT' ? (
            <InputNumber style={{ width: '100%' }} />
          ) : f.type === 'TEXTAREA' ? (
            <Input.TextArea rows={2} />
          ) : (
            <Input />
          )}
        </Form.Item>
      ))}
    </Form>
  );
}

function Root({ start }: { start: number }) {
  useLayoutEffect(() => {
    afterPaint(() => {
      window.__bench.renderMs = performance.now() - start;
    });
  }, [start]);
  return mode === 'plain' ? <Plain /> : <FormRenderer schema={schema} />;
}

document.addEventListener(
  'keydown',
  () => {
    const t = performance.now();
    afterPaint(() => window.__bench.keys.push(performance.now() - t));
    // The keystroke's own work (its events, React's render and commit) ends before the next task.
    const channel = new MessageChannel();
    channel.port1.onmessage = () => window.__bench.work.push(performance.now() - t);
    channel.port2.postMessage(0);
  },
  true,
);

const start = performance.now();
createRoot(document.getElementById('root') as HTMLElement).render(
  <QueryClientProvider client={new QueryClient()}>
    <ConfigProvider locale={zhCN}>
      <AntApp>
        <Root start={start} />
      </AntApp>
    </ConfigProvider>
  </QueryClientProvider>,
);
