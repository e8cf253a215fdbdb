import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { UPLOAD_MESSAGES, uploadProblem } from '@shetuan/shared';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Divider, Progress, Space, Tooltip } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { feedback } from '../../app/feedback';
import { uploadImage } from '../files/upload-image';

/** The spec's editor height (000 §9). */
export const EDITOR_HEIGHT = 200;

/**
 * The rich-text editor (TipTap): headings, emphasis, lists, quotes, links, images uploaded through
 * the files service (public rich-text images), undo and redo. The value is HTML; the server cleans
 * it again on save, so what the editor lets through is never trusted.
 */
export function RichTextEditor({
  value,
  onChange,
  id,
  placeholder = '请输入内容',
}: {
  value?: string;
  onChange?: (html: string) => void;
  id?: string;
  placeholder?: string;
}) {
  const [progress, setProgress] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement | null>(null);
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, protocols: ['http', 'https', 'mailto'] } }), Image],
    content: value ?? '',
    // The toolbar shows what is active at the caret.
    shouldRerenderOnTransaction: true,
    editorProps: { attributes: { 'aria-label': placeholder, 'data-placeholder': placeholder, role: 'textbox' } },
    onUpdate: ({ editor: e }) => onChange?.(e.isEmpty ? '' : e.getHTML()),
  });

  // A value set from outside (the form's initial value) replaces the content.
  useEffect(() => {
    if (editor && value !== undefined && value !== editor.getHTML() && !(value === '' && editor.isEmpty)) {
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);

  const insertImage = async (file: File) => {
    const problem = uploadProblem({ name: file.name, size: file.size }, { imagesOnly: true, maxSizeMB: 10 });
    if (problem) return void feedback.message.error(problem);
    setProgress(0);
    try {
      const image = await uploadImage(file, file.name, {
        publicImage: true,
        isPress: true,
        onProgress: (p) => setProgress(Math.max(0, Math.round(p) - 5)),
      });
      editor?.chain().focus().setImage({ src: image.url, alt: file.name }).run();
    } catch (err) {
      void feedback.message.error(err instanceof Error && err.message ? err.message : UPLOAD_MESSAGES.failed);
    } finally {
      setProgress(null);
    }
  };

  const button = (title: string, icon: React.ReactNode, run: () => void, active = false) => (
    <Tooltip title={title} key={title}>
      <Button
        size="small"
        type={active ? 'primary' : 'text'}
        aria-label={title}
        icon={icon}
        onMouseDown={(e) => e.preventDefault()}
        onClick={run}
        disabled={!editor}
      />
    </Tooltip>
  );
  const chain = () => editor?.chain().focus();

  return (
    <div id={id} style={{ border: '1px solid #d9d9d9', borderRadius: 6 }} className="rich-text-editor">
      <Space size={2} wrap style={{ padding: 4, borderBottom: '1px solid #f0f0f0', width: '100%' }}>
        {button('加粗', <BoldOutlined />, () => chain()?.toggleBold().run(), editor?.isActive('bold'))}
        {button('斜体', <ItalicOutlined />, () => chain()?.toggleItalic().run(), editor?.isActive('italic'))}
        {button('下划线', <UnderlineOutlined />, () => chain()?.toggleUnderline().run(), editor?.isActive('underline'))}
        {button('删除线', <StrikethroughOutlined />, () => chain()?.toggleStrike().run(), editor?.isActive('strike'))}
        <Divider type="vertical" />
        {button(
          '标题',
          <span style={{ fontWeight: 600 }}>H</span>,
          () => chain()?.toggleHeading({ level: 2 }).run(),
          editor?.isActive('heading'),
        )}
        {button(
          '无序列表',
          <UnorderedListOutlined />,
          () => chain()?.toggleBulletList().run(),
          editor?.isActive('bulletList'),
        )}
        {button(
          '有序列表',
          <OrderedListOutlined />,
          () => chain()?.toggleOrderedList().run(),
          editor?.isActive('orderedList'),
        )}
        {button('链接', <LinkOutlined />, () => {
          const previous = editor?.getAttributes('link').href as string | undefined;
          const href = window.prompt('链接地址（http:// 或 https://）', previous ?? 'https://');
          if (href === null) return;
          if (href === '' || href === 'https://') chain()?.unsetLink().run();
          else if (/^(https?:\/\/|mailto:)/.test(href)) chain()?.setLink({ href }).run();
          else void feedback.message.error('链接须以 http:// 或 https:// 开头');
        })}
        {button('插入图片', <PictureOutlined />, () => fileInput.current?.click())}
        <Divider type="vertical" />
        {button('撤销', <UndoOutlined />, () => chain()?.undo().run())}
        {button('重做', <RedoOutlined />, () => chain()?.redo().run())}
        {progress !== null && <Progress percent={progress} size="small" style={{ width: 120, margin: 0 }} />}
      </Space>
      <input
        ref={fileInput}
        type="file"
        accept=".png,.jpg,.jpeg,.gif,.bmp"
        style={{ display: 'none' }}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void insertImage(file);
        }}
      />
      <EditorContent
        editor={editor}
        style={{ minHeight: EDITOR_HEIGHT, padding: '4px 11px', overflowY: 'auto', maxHeight: 480 }}
      />
    </div>
  );
}
