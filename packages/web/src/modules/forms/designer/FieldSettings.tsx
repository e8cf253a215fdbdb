import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  DICTIONARY_CHOICE_TYPES,
  DISPLAY_TYPES,
  FIELD_TYPE_NAMES,
  OTHER_OPTION_VALUE,
  PERSONAL_TYPE_NAMES,
  ruleTypesFor,
  type TFieldOption,
  type TFieldProps,
  type TFormField,
  ZFieldOption,
} from '@shetuan/shared/forms';
import { Button, Divider, Form, Input, InputNumber, Select, Slider, Space, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { z } from 'zod';
import { RichTextEditor } from '../../../platform/richtext/RichTextEditor';
import { FetchConfigForm } from '../../../platform/widgets/FetchConfigForm';
import { ImageCropper } from '../../../platform/widgets/ImageCropper';
import { StructureEditor } from '../../../platform/widgets/StructureEditor';
import { DictionaryOptions, type OptionSource, OptionSourceSwitch } from './DictionarySource';
import { NumberSettings, RowSettings } from './FieldExtras';
import { RuleEditor } from './RuleEditor';

const CHOICE = new Set(['RADIO', 'CHECKBOX', 'SELECT', 'IMAGE_SELECT']);
const TEXT = new Set(['INPUT', 'TEXTAREA']);

/**
 * 组件配置: the selected field's title, hint, required flag, width (of 24 columns), options
 * (with 其他; or from a dictionary: 选项来源 引用字典), the type's own settings and its check
 * rules. A fixed field stays required.
 */
export function FieldSettings({
  field,
  fixed,
  rows = [],
  onRow,
  onChange,
}: {
  field: TFormField;
  fixed: boolean;
  /** The form's row containers, for 所在行容器. */
  rows?: TFormField[];
  /** Moves the field into a row container, or out of its own. */
  onRow?: (row: string | undefined) => void;
  onChange: (f: TFormField) => void;
}) {
  const set = (patch: Partial<TFormField>) => onChange({ ...field, ...patch });
  const setProps = (patch: Partial<TFieldProps>) => onChange({ ...field, props: { ...field.props, ...patch } });
  const display = DISPLAY_TYPES.has(field.type);
  const options = field.options ?? [];
  const plainOptions = options.filter((o) => String(o.value) !== String(OTHER_OPTION_VALUE));
  const nextValue = () => Math.max(0, ...options.map((o) => Number(o.value) || 0)) + 1;
  // 引用字典 shows once chosen, before a dictionary is picked too (the field changes on the pick).
  const [wanted, setWanted] = useState<OptionSource>(field.dictionary ? 'dictionary' : 'manual');
  const source: OptionSource = field.dictionary ? 'dictionary' : wanted;
  const fromDictionary = DICTIONARY_CHOICE_TYPES.has(field.type) && source === 'dictionary';

  return (
    <Form layout="vertical" size="small" component="div">
      <Space style={{ marginBottom: 8 }} wrap>
        <Tag color="blue">{FIELD_TYPE_NAMES[field.type]}</Tag>
        {field.personalType && <Tag color="green">个人信息：{PERSONAL_TYPE_NAMES[field.personalType]}</Tag>}
        {fixed && <Tag color="orange">固定项</Tag>}
      </Space>
      {field.type !== 'PAGINATION' && (
        <Form.Item label="标题">
          <Input
            aria-label="标题"
            value={field.label}
            maxLength={200}
            onChange={(e) => set({ label: e.target.value })}
          />
        </Form.Item>
      )}
      {!display && (
        <>
          <Form.Item label="显示标题">
            <Switch aria-label="显示标题" checked={field.showLabel} onChange={(showLabel) => set({ showLabel })} />
          </Form.Item>
          <Form.Item label="占位提示（必填时也是提示语）">
            <Input
              aria-label="占位提示"
              value={field.placeholder ?? ''}
              maxLength={200}
              onChange={(e) => set({ placeholder: e.target.value || undefined })}
            />
          </Form.Item>
          <Form.Item label="必填">
            <Switch
              aria-label="必填"
              checked={field.required || fixed}
              disabled={fixed}
              onChange={(required) => set({ required })}
            />
          </Form.Item>
        </>
      )}
      <Form.Item label={`宽度：${field.span}/24${field.row ? '（行容器内）' : ''}`}>
        <Slider min={1} max={24} value={field.span} ariaLabelForHandle="宽度" onChange={(span) => set({ span })} />
      </Form.Item>
      {onRow && rows.length > 0 && field.type !== 'ROW' && field.type !== 'PAGINATION' && (
        <Form.Item label="所在行容器">
          <Select
            aria-label="所在行容器"
            value={field.row ?? ''}
            options={[
              { value: '', label: '不在行容器中' },
              ...rows.map((r) => ({ value: r.id, label: r.label || '行容器' })),
            ]}
            onChange={(row: string) => onRow(row || undefined)}
          />
        </Form.Item>
      )}
      {field.type === 'ROW' && <RowSettings field={field} onChange={onChange} />}

      {CHOICE.has(field.type) && (
        <>
          <Divider plain>选项</Divider>
          {DICTIONARY_CHOICE_TYPES.has(field.type) && (
            <OptionSourceSwitch field={field} source={source} onSource={setWanted} onChange={onChange} />
          )}
          {fromDictionary && <DictionaryOptions field={field} onChange={onChange} />}
          {!fromDictionary &&
            plainOptions.map((o, i) => (
              <Space key={String(o.value)} style={{ display: 'flex', marginBottom: 6 }}>
                <Input
                  aria-label={`选项${i + 1}`}
                  value={o.label}
                  maxLength={200}
                  onChange={(e) =>
                    set({ options: options.map((x) => (x.value === o.value ? { ...x, label: e.target.value } : x)) })
                  }
                />
                {field.type === 'IMAGE_SELECT' &&
                  (o.image ? (
                    <img
                      src={o.image}
                      alt={o.label}
                      style={{ width: 48, height: 32, objectFit: 'cover', borderRadius: 4 }}
                    />
                  ) : (
                    <ImageCropper
                      publicImage
                      onUploaded={(img) =>
                        set({ options: options.map((x) => (x.value === o.value ? { ...x, image: img.url } : x)) })
                      }
                    >
                      图片
                    </ImageCropper>
                  ))}
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`删除选项${i + 1}`}
                  disabled={plainOptions.length <= 1}
                  onClick={() => set({ options: options.filter((x) => x.value !== o.value) })}
                />
              </Space>
            ))}
          {!fromDictionary && (
            <Button
              size="small"
              icon={<PlusOutlined />}
              onClick={() => {
                const fresh: TFieldOption = { value: nextValue(), label: `选项${plainOptions.length + 1}` };
                const other = options.filter((o) => String(o.value) === String(OTHER_OPTION_VALUE));
                set({ options: [...plainOptions, fresh, ...other] });
              }}
            >
              添加选项
            </Button>
          )}
          {field.type !== 'IMAGE_SELECT' && !fromDictionary && (
            <span style={{ marginLeft: 8 }}>
              <FetchConfigForm
                onOptions={(fetched) => {
                  const seen = new Set<string>();
                  const fresh = fetched.filter((o) => {
                    const k = String(o.value);
                    if (seen.has(k) || k === String(OTHER_OPTION_VALUE)) return false;
                    seen.add(k);
                    return true;
                  });
                  const other = options.filter((o) => String(o.value) === String(OTHER_OPTION_VALUE));
                  set({ options: [...fresh, ...other] });
                }}
              />
            </span>
          )}
          {(field.type === 'RADIO' || field.type === 'CHECKBOX') && !fromDictionary && (
            <Form.Item label="“其他”选项（选中后需填写内容）" style={{ marginTop: 12 }}>
              <Switch
                aria-label="其他选项"
                checked={Boolean(field.props.allowOther)}
                onChange={(allowOther) =>
                  onChange({
                    ...field,
                    props: { ...field.props, allowOther },
                    options: allowOther
                      ? [...plainOptions, { value: OTHER_OPTION_VALUE, label: '其他' }]
                      : plainOptions,
                  })
                }
              />
            </Form.Item>
          )}
          {field.type === 'SELECT' && (
            <Form.Item label="可多选">
              <Switch
                aria-label="可多选"
                checked={Boolean(field.props.multiple)}
                onChange={(multiple) => setProps({ multiple })}
              />
            </Form.Item>
          )}
          {(field.type === 'CHECKBOX' || field.type === 'IMAGE_SELECT') && (
            <Form.Item label="最多选择几项（不填不限）">
              <InputNumber
                aria-label="最多选择几项"
                min={1}
                value={field.props.max}
                onChange={(max) => setProps({ max: max ?? undefined })}
              />
            </Form.Item>
          )}
        </>
      )}

      {TEXT.has(field.type) && (
        <Form.Item label="最多字数">
          <InputNumber
            aria-label="最多字数"
            min={1}
            max={field.type === 'INPUT' ? 200 : 20000}
            value={field.props.maxLength}
            placeholder={field.type === 'INPUT' ? '200' : '2000'}
            onChange={(v) => setProps({ maxLength: v ?? undefined })}
          />
        </Form.Item>
      )}
      {field.type === 'TEXTAREA' && (
        <Form.Item label="行数">
          <InputNumber
            aria-label="行数"
            min={1}
            max={30}
            value={field.props.rows ?? 4}
            onChange={(v) => setProps({ rows: v ?? undefined })}
          />
        </Form.Item>
      )}
      {(field.type === 'NUMBER_INPUT' || field.type === 'SLIDER') && (
        <Space wrap>
          <Form.Item label="最小值">
            <InputNumber
              aria-label="最小值"
              value={field.props.min}
              onChange={(v) => setProps({ min: v ?? undefined })}
            />
          </Form.Item>
          <Form.Item label="最大值">
            <InputNumber
              aria-label="最大值"
              value={field.props.max}
              onChange={(v) => setProps({ max: v ?? undefined })}
            />
          </Form.Item>
          <Form.Item label="步长">
            <InputNumber
              aria-label="步长"
              min={0.01}
              value={field.props.step}
              onChange={(v) => setProps({ step: v ?? undefined })}
            />
          </Form.Item>
          {field.type === 'NUMBER_INPUT' && (
            <Form.Item label="小数位数">
              <InputNumber
                aria-label="小数位数"
                min={0}
                max={10}
                value={field.props.precision}
                onChange={(v) => setProps({ precision: v ?? undefined })}
              />
            </Form.Item>
          )}
        </Space>
      )}
      {field.type === 'NUMBER_INPUT' && <NumberSettings field={field} onChange={onChange} />}
      {(field.type === 'DATE' || field.type === 'DATE_RANGE') && (
        <Form.Item label="包含时间（时:分:秒）">
          <Switch
            aria-label="包含时间"
            checked={Boolean(field.props.withTime)}
            onChange={(withTime) =>
              // A default of the other format would no longer be an answer: it goes.
              onChange({
                ...field,
                defaultValue: undefined,
                props: { ...field.props, withTime: withTime || undefined },
              })
            }
          />
        </Form.Item>
      )}
      {field.type === 'RATE' && (
        <Form.Item label="最高分">
          <InputNumber
            aria-label="最高分"
            min={1}
            max={10}
            value={field.props.max ?? 5}
            onChange={(v) => setProps({ max: v ?? undefined })}
          />
        </Form.Item>
      )}
      {field.type === 'UPLOAD' && (
        <>
          <Form.Item label="最多文件数">
            <InputNumber
              aria-label="最多文件数"
              min={1}
              max={50}
              value={field.props.limit ?? 1}
              onChange={(v) => setProps({ limit: v ?? 1 })}
            />
          </Form.Item>
          <Form.Item label="单个文件大小上限（MB）">
            <InputNumber
              aria-label="单个文件大小上限"
              min={1}
              max={1024}
              value={field.props.maxSizeMb ?? 10}
              onChange={(v) => setProps({ maxSizeMb: v ?? 10 })}
            />
          </Form.Item>
          <Form.Item label="允许的格式（不填为常见文档与图片）">
            <Select
              aria-label="允许的格式"
              mode="tags"
              value={field.props.accept ?? []}
              tokenSeparators={[',', '，', ' ']}
              placeholder="如 pdf、docx、jpg"
              onChange={(accept: string[]) =>
                setProps({ accept: accept.length ? accept.map((a) => a.replace(/^\./, '').toLowerCase()) : undefined })
              }
            />
          </Form.Item>
        </>
      )}
      {field.type === 'PROVINCE_CITY' && (
        <Form.Item label="选到哪一级">
          <Select
            aria-label="选到哪一级"
            value={field.props.level ?? 3}
            options={[
              { value: 1, label: '省' },
              { value: 2, label: '省/市' },
              { value: 3, label: '省/市/区' },
            ]}
            onChange={(level) => setProps({ level })}
          />
        </Form.Item>
      )}
      {field.type === 'TABLE_INPUT' && (
        <>
          <Form.Item label="列（回车添加）">
            <Select
              aria-label="列"
              mode="tags"
              value={field.props.columns ?? []}
              onChange={(columns: string[]) => setProps({ columns: columns.slice(0, 10) })}
            />
          </Form.Item>
          <Form.Item label="初始行数（之后添加的行可删除）">
            <InputNumber
              aria-label="初始行数"
              min={1}
              max={50}
              value={field.props.initialRows ?? 1}
              onChange={(v) => setProps({ initialRows: v ?? 1 })}
            />
          </Form.Item>
        </>
      )}
      {field.type === 'DIVIDER' && (
        <Form.Item label="线上文字">
          <Input
            aria-label="线上文字"
            value={field.props.text ?? ''}
            maxLength={100}
            onChange={(e) => setProps({ text: e.target.value })}
          />
        </Form.Item>
      )}
      {(field.type === 'IMAGE' || field.type === 'IMAGE_CAROUSEL') && (
        <Form.Item label={field.type === 'IMAGE' ? '图片' : '轮播图片（最多20张）'}>
          <Space wrap>
            {(field.props.images ?? []).map((src, i) => (
              <div key={src} style={{ position: 'relative' }}>
                <img
                  src={src}
                  alt={`图片${i + 1}`}
                  style={{ width: 92, height: 60, objectFit: 'cover', borderRadius: 4 }}
                />
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`移除图片${i + 1}`}
                  style={{ position: 'absolute', right: 0, top: 0 }}
                  onClick={() => setProps({ images: (field.props.images ?? []).filter((x) => x !== src) })}
                />
              </div>
            ))}
          </Space>
          {(field.type === 'IMAGE_CAROUSEL' || (field.props.images ?? []).length === 0) &&
            (field.props.images ?? []).length < 20 && (
              <div style={{ marginTop: 8 }}>
                <ImageCropper
                  publicImage
                  onUploaded={(img) => setProps({ images: [...(field.props.images ?? []), img.url] })}
                >
                  上传并裁剪
                </ImageCropper>
              </div>
            )}
        </Form.Item>
      )}
      {field.type === 'CASCADER' && (
        <Form.Item label="级联选项（JSON：value、label、children）">
          <StructureEditor
            label="级联选项"
            value={field.options ?? []}
            schema={z.array(ZFieldOption).min(1, '至少一个选项')}
            onChange={(options) => set({ options })}
          />
        </Form.Item>
      )}
      {field.type === 'DESC_TEXT' && (
        <Form.Item label="内容">
          <RichTextEditor value={field.props.content ?? ''} onChange={(content) => setProps({ content })} />
        </Form.Item>
      )}

      {!display && ruleTypesFor(field).length > 0 && <RuleEditor field={field} onChange={onChange} />}
      {field.personalType && (
        <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 12 }}>
          个人信息题自带校验（如手机号、邮箱、身份证号的格式），无需另加正则规则。
        </Typography.Paragraph>
      )}
    </Form>
  );
}
