import { Alert, Button, Form, Input, Modal, Space, Table } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { request } from '../../app/request';

export const FETCH_URL_REQUIRED = '请数据接口';
export const FETCH_PARSE_INVALID = '请输入正确的解析函数';
/** The preview waits this long after the last keystroke (spec 002 §9). */
export const FETCH_DEBOUNCE_MS = 1000;

export interface FetchConfig {
  /** An API path of this product (/org/options …) or a full https address. */
  url: string;
  /** Where the list is in the answer: a dotted path such as data.records ('' for the answer itself). */
  path: string;
  labelKey: string;
  valueKey: string;
}

export interface FetchedOption {
  label: string;
  value: string | number;
}

const PATH = /^$|^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*|\.\d+)*$/;
const KEY = /^[A-Za-z_$][\w$]*$/;

/**
 * Reads the options out of an answer with the 解析 settings: the list at the path, each item's
 * label and value. Answers the options, or null when the settings do not fit the answer.
 */
export function parseOptions(answer: unknown, config: Pick<FetchConfig, 'path' | 'labelKey' | 'valueKey'>) {
  if (!PATH.test(config.path) || !KEY.test(config.labelKey) || !KEY.test(config.valueKey)) return null;
  let node: unknown = answer;
  for (const part of config.path ? config.path.split('.') : []) {
    if (node === null || typeof node !== 'object') return null;
    node = (node as Record<string, unknown>)[part];
  }
  if (!Array.isArray(node)) return null;
  const out: FetchedOption[] = [];
  for (const item of node) {
    if (item === null || typeof item !== 'object') return null;
    const label = (item as Record<string, unknown>)[config.labelKey];
    const value = (item as Record<string, unknown>)[config.valueKey];
    if (typeof label !== 'string' && typeof label !== 'number') return null;
    if (typeof value !== 'string' && typeof value !== 'number') return null;
    out.push({ label: String(label), value });
  }
  return out;
}

async function load(url: string): Promise<unknown> {
  if (url.startsWith('/')) return request<unknown>(url.replace(/^\/st365/, ''), { silent: true });
  const res = await fetch(url, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`接口返回 ${res.status}`);
  return res.json();
}

/**
 * The fetch-config form (spec 002 §5): the interface address (请数据接口) and how to read the
 * options out of its answer (请输入正确的解析函数 when that does not fit). The options are read
 * once, when the form is designed, and become the question's own options: the server checks
 * every answer against options it knows, and no typed code ever runs in a filler's browser.
 */
export function FetchConfigForm({ onOptions }: { onOptions: (options: FetchedOption[]) => void }) {
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<FetchConfig>();
  const [answer, setAnswer] = useState<{ url: string; data: unknown } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<FetchedOption[] | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const refresh = (config: FetchConfig) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(async () => {
      setProblem(null);
      setPreview(null);
      if (!config.url?.trim()) return;
      if (!/^(\/|https:\/\/)/.test(config.url.trim())) {
        setProblem('接口地址须是本系统的接口（以 / 开头）或 https:// 地址');
        return;
      }
      let data = answer?.url === config.url ? answer.data : undefined;
      if (data === undefined) {
        try {
          data = await load(config.url.trim());
          setAnswer({ url: config.url, data });
        } catch (err) {
          setProblem(`接口读取失败：${(err as Error).message}`);
          return;
        }
      }
      const options = parseOptions(data, config);
      if (!options) setProblem(FETCH_PARSE_INVALID);
      else setPreview(options);
    }, FETCH_DEBOUNCE_MS);
  };

  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>
        从接口导入选项
      </Button>
      <Modal
        open={open}
        title="从接口导入选项"
        okText="使用这些选项"
        cancelText="取消"
        width={640}
        okButtonProps={{ disabled: !preview || preview.length === 0 }}
        onCancel={() => setOpen(false)}
        onOk={async () => {
          await form.validateFields();
          if (preview && preview.length > 0) {
            onOptions(preview.slice(0, 500));
            setOpen(false);
          }
        }}
        destroyOnHidden
      >
        <Form<FetchConfig>
          form={form}
          layout="vertical"
          initialValues={{ url: '', path: 'list', labelKey: 'name', valueKey: 'id' }}
          onValuesChange={(_, all) => refresh(all)}
        >
          <Form.Item
            name="url"
            label="数据接口"
            rules={[{ required: true, whitespace: true, message: FETCH_URL_REQUIRED }]}
          >
            <Input placeholder="/org/departments/options 或 https://…" aria-label="数据接口" />
          </Form.Item>
          <Space wrap>
            <Form.Item
              name="path"
              label="列表位置（解析）"
              rules={[{ pattern: PATH, message: FETCH_PARSE_INVALID }]}
              extra="如 list 或 data.records"
            >
              <Input aria-label="列表位置" />
            </Form.Item>
            <Form.Item name="labelKey" label="名称字段" rules={[{ pattern: KEY, message: FETCH_PARSE_INVALID }]}>
              <Input aria-label="名称字段" />
            </Form.Item>
            <Form.Item name="valueKey" label="取值字段" rules={[{ pattern: KEY, message: FETCH_PARSE_INVALID }]}>
              <Input aria-label="取值字段" />
            </Form.Item>
          </Space>
        </Form>
        {problem && <Alert type="error" showIcon message={problem} />}
        {preview && (
          <Table
            size="small"
            rowKey={(o) => String(o.value)}
            dataSource={preview.slice(0, 100)}
            pagination={false}
            scroll={{ y: 240 }}
            columns={[
              { title: '名称', dataIndex: 'label' },
              { title: '取值', dataIndex: 'value', width: 160 },
            ]}
            footer={() => `共 ${preview.length} 个选项`}
          />
        )}
      </Modal>
    </>
  );
}
