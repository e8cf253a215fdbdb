import { SaveOutlined } from '@ant-design/icons';
import { type TFormDetail, type TFormSchema, withoutDictionaryOptions } from '@shetuan/shared/forms';
import { Button, Tooltip } from 'antd';
import { useContext, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { feedback } from '../../app/feedback';
import { session } from '../../app/session';
import type { ApiBody } from '../../app/typed-api';
import { useSessionInfo } from '../../platform/auth/api';
import { formApi } from './api';
import { Designer } from './designer/Designer';
import { useHistory } from './designer/history';
import { BeforePublish, FormShell, useSaveDetail } from './FormShell';

/** /project/form/editor?key=: the designer on a form of the /project area. */
export default function EditorPage() {
  return <FormShell>{(form) => <Editor key={form.key} form={form} />}</FormShell>;
}

/**
 * The design as the server keeps it, to compare: a dictionary question's options are the
 * dictionary's (the server drops them on saving), so a dictionary changed meanwhile is no edit.
 */
const savedForm = (schema: TFormSchema) => JSON.stringify(withoutDictionaryOptions(schema));

function Editor({ form }: { form: TFormDetail }) {
  const history = useHistory<TFormSchema>(form.schema);
  const saved = useRef(savedForm(form.schema));
  const { saving, save: saveDetail } = useSaveDetail(form.key);
  const dirty = savedForm(history.value) !== saved.current;

  const save = async () => {
    const detail = await saveDetail(() => formApi.saveSchema(form.key, history.value));
    if (detail) saved.current = savedForm(detail.schema);
    return detail !== null;
  };

  // Variant forms (activity, membership, expert) delete saved questions on the server, with the
  // spec's parameters: field; membership also tenantId and hasCom (from the session); the expert
  // mode its own call. A question added since the last save exists only here.
  const info = useSessionInfo();
  const deleteOnServer =
    form.kind === 'project' || form.kind === 'academy'
      ? undefined
      : async (fieldId: string) => {
          const savedSchema = JSON.parse(saved.current) as TFormSchema;
          if (!savedSchema.fields.some((f) => f.id === fieldId)) return true;
          const body: ApiBody<'post', '/project/forms/{key}/fields/delete'> =
            form.kind === 'membership'
              ? {
                  field: fieldId,
                  tenantId: session.tenantId() ?? undefined,
                  hasCom: info.data?.identity?.orgId ? 1 : 0,
                }
              : { field: fieldId };
          try {
            const detail = await formApi.deleteField(form.key, form.kind === 'expert', body);
            saved.current = savedForm(detail.schema);
            void feedback.message.success('删除成功');
            return true;
          } catch {
            return false;
          }
        };

  // 发布 saves unsaved changes first.
  const publishGuard = useContext(BeforePublish);
  useEffect(() => {
    publishGuard.register(dirty ? save : null);
    return () => publishGuard.register(null);
  });

  // Ctrl/⌘+S saves, Ctrl/⌘+Z undoes, Ctrl/⌘+Shift+Z redoes.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey)) return;
      const k = e.key.toLowerCase();
      if (k === 's') {
        e.preventDefault();
        void save();
      } else if (k === 'z' && !(e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement)) {
        e.preventDefault();
        if (e.shiftKey) history.redo();
        else history.undo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  // Leaving with unsaved changes asks first.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    feedback.modal.confirm({
      title: '有未保存的修改',
      content: '离开后未保存的修改将丢失，确定离开吗？',
      okText: '离开',
      cancelText: '留下',
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker]);

  return (
    <Designer
      toolbarExtra={
        <Tooltip title="Ctrl+S">
          <Button
            type={dirty ? 'primary' : 'default'}
            icon={<SaveOutlined />}
            loading={saving}
            onClick={() => void save()}
          >
            {dirty ? '保存' : '已保存'}
          </Button>
        </Tooltip>
      }
      variant={form.kind}
      deleteOnServer={deleteOnServer}
      readImport={(text) => formApi.importForm(form.key, text)}
      schema={history.value}
      onChange={history.set}
      undo={history.undo}
      redo={history.redo}
      canUndo={history.canUndo}
      canRedo={history.canRedo}
    />
  );
}
