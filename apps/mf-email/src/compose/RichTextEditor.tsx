/**
 * The message body: TipTap (ProseMirror) with bold, italic, lists, links and quotes. Loaded only
 * with the compose window, so the email screen's first load does not carry it.
 */
import { useEffect, useImperativeHandle, type Ref } from 'react';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Input, Popover, Space, Tooltip, theme } from 'antd';
import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { useState } from 'react';
import { useComposeT } from '../i18n/compose';
import './compose.css';

/** What the window asks of the editor. */
export interface RichTextEditorHandle {
  /** Replaces the whole content (a reopened draft, another signature). */
  setHtml(html: string): void;
  getHtml(): string;
}

export interface RichTextEditorProps {
  initialHtml: string;
  /** Called on every change with the HTML and its plain-text alternative. */
  onChange: (html: string, text: string) => void;
  label: string;
  ref?: Ref<RichTextEditorHandle>;
}

const QuoteIcon = () => (
  <span aria-hidden style={{ fontWeight: 700, fontFamily: 'Georgia, serif' }}>
    “
  </span>
);

export default function RichTextEditor({ initialHtml, onChange, label, ref }: RichTextEditorProps) {
  const t = useComposeT();
  const { token } = theme.useToken();
  const [linkOpen, setLinkOpen] = useState(false);
  const [href, setHref] = useState('');
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: false,
        codeBlock: false,
        horizontalRule: false,
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https' },
      }),
    ],
    content: initialHtml,
    editorProps: {
      attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true', class: 'aide-compose-editor' },
    },
    onUpdate: ({ editor: current }) => onChange(current.getHTML(), current.getText({ blockSeparator: '\n' })),
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current?.isActive('bold') ?? false,
      italic: current?.isActive('italic') ?? false,
      bulletList: current?.isActive('bulletList') ?? false,
      orderedList: current?.isActive('orderedList') ?? false,
      blockquote: current?.isActive('blockquote') ?? false,
      link: current?.isActive('link') ?? false,
    }),
  });

  useImperativeHandle(
    ref,
    () => ({
      setHtml: (html) => {
        editor?.commands.setContent(html, { emitUpdate: true });
      },
      getHtml: () => editor?.getHTML() ?? '',
    }),
    [editor],
  );

  useEffect(() => () => editor?.destroy(), [editor]);

  const tool = (name: keyof NonNullable<typeof active>, title: string, icon: React.ReactNode, run: () => void) => (
    <Tooltip title={title}>
      <Button
        size="small"
        type={active?.[name] ? 'primary' : 'text'}
        aria-label={title}
        aria-pressed={active?.[name] ?? false}
        icon={icon}
        onMouseDown={(event) => event.preventDefault()}
        onClick={run}
      />
    </Tooltip>
  );

  const applyLink = () => {
    const url = href.trim();
    const chain = editor?.chain().focus().extendMarkRange('link');
    if (url) chain?.setLink({ href: url }).run();
    else chain?.unsetLink().run();
    setLinkOpen(false);
  };

  return (
    <div
      style={{
        border: `1px solid ${token.colorBorder}`,
        borderRadius: token.borderRadius,
        background: token.colorBgContainer,
      }}
    >
      <Space
        size={2}
        wrap
        role="toolbar"
        aria-label={t('editor.toolbar')}
        style={{
          padding: token.paddingXXS,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
          width: '100%',
          boxSizing: 'border-box',
        }}
      >
        {tool('bold', t('editor.bold'), <BoldOutlined />, () => editor?.chain().focus().toggleBold().run())}
        {tool('italic', t('editor.italic'), <ItalicOutlined />, () => editor?.chain().focus().toggleItalic().run())}
        {tool('bulletList', t('editor.bulletList'), <UnorderedListOutlined />, () =>
          editor?.chain().focus().toggleBulletList().run(),
        )}
        {tool('orderedList', t('editor.orderedList'), <OrderedListOutlined />, () =>
          editor?.chain().focus().toggleOrderedList().run(),
        )}
        {tool('blockquote', t('editor.quote'), <QuoteIcon />, () => editor?.chain().focus().toggleBlockquote().run())}
        <Popover
          open={linkOpen}
          onOpenChange={(open) => {
            setLinkOpen(open);
            if (open) setHref((editor?.getAttributes('link').href as string | undefined) ?? '');
          }}
          trigger="click"
          content={
            <Space.Compact>
              <Input
                autoFocus
                aria-label={t('editor.linkAddress')}
                value={href}
                onChange={(event) => setHref(event.target.value)}
                onPressEnter={applyLink}
              />
              <Button type="primary" onClick={applyLink}>
                {t('editor.applyLink')}
              </Button>
            </Space.Compact>
          }
        >
          <Button
            size="small"
            type={active?.link ? 'primary' : 'text'}
            aria-label={t('editor.link')}
            icon={<LinkOutlined />}
            onMouseDown={(event) => event.preventDefault()}
          />
        </Popover>
      </Space>
      <EditorContent editor={editor} style={{ padding: `${token.paddingXS}px ${token.paddingSM}px`, minHeight: 220 }} />
    </div>
  );
}
