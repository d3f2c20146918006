import {
  BoldOutlined,
  ClearOutlined,
  CodeOutlined,
  DisconnectOutlined,
  EyeOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Button, Divider, Input, Popover, Segmented, Space, Tooltip } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnnouncementContent } from '../../../components/announcements/announcement-content';
import '../../../components/announcements/announcement-content.css';

type Mode = 'visual' | 'html' | 'preview';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A light rich-text editor: a toolbar over a contentEditable (the browser's own editing commands),
 * an HTML source view and a preview. Whatever it produces, the server sanitises it with an
 * allow-list before storing; this editor never decides what is safe.
 */
export function RichTextEditor({
  value = '',
  onChange,
  placeholder,
  testId,
}: {
  value?: string;
  onChange?: (html: string) => void;
  placeholder?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const editor = useRef<HTMLDivElement>(null);
  const [mode, setMode] = useState<Mode>('visual');
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkUrl, setLinkUrl] = useState('https://');
  const savedRange = useRef<Range | null>(null);

  // The form sets the value (open, reset): mirror it into the editable area unless it came from there.
  useEffect(() => {
    const el = editor.current;
    if (el && mode === 'visual' && el.innerHTML !== value) el.innerHTML = value;
  }, [value, mode]);

  const emit = () => {
    const html = editor.current?.innerHTML ?? '';
    onChange?.(html === '<br>' ? '' : html);
  };

  const run = (command: string, arg?: string) => {
    editor.current?.focus();
    document.execCommand(command, false, arg);
    emit();
  };

  const rememberSelection = () => {
    const selection = window.getSelection();
    if (selection?.rangeCount && editor.current?.contains(selection.anchorNode))
      savedRange.current = selection.getRangeAt(0).cloneRange();
  };

  const insertLink = () => {
    const url = linkUrl.trim();
    if (!/^(https?:\/\/|mailto:|\/)/i.test(url)) return;
    editor.current?.focus();
    const selection = window.getSelection();
    if (savedRange.current && selection) {
      selection.removeAllRanges();
      selection.addRange(savedRange.current);
    }
    if (selection && !selection.isCollapsed) document.execCommand('createLink', false, url);
    else document.execCommand('insertHTML', false, `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`);
    emit();
    setLinkOpen(false);
    setLinkUrl('https://');
  };

  const tool = (title: string, icon: ReactNode, action: () => void, key = title) => (
    <Tooltip key={key} title={title}>
      <Button
        type="text"
        size="small"
        icon={icon}
        disabled={mode !== 'visual'}
        onMouseDown={(e) => e.preventDefault()}
        onClick={action}
        aria-label={title}
      />
    </Tooltip>
  );
  const block = (label: string, tag: string) => (
    <Button
      key={tag}
      type="text"
      size="small"
      disabled={mode !== 'visual'}
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => run('formatBlock', tag)}
    >
      {label}
    </Button>
  );

  return (
    <div style={{ border: '1px solid #d9d9d9', borderRadius: 6 }} data-testid={testId}>
      <div
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 2,
          padding: '4px 8px',
          borderBottom: '1px solid #f0f0f0',
          background: '#fafafa',
          borderRadius: '6px 6px 0 0',
        }}
      >
        <Space size={2} wrap>
          {block(t('announcements.editor.paragraph'), 'p')}
          {block('H2', 'h2')}
          {block('H3', 'h3')}
          <Divider type="vertical" />
          {tool(t('announcements.editor.bold'), <BoldOutlined />, () => run('bold'))}
          {tool(t('announcements.editor.italic'), <ItalicOutlined />, () => run('italic'))}
          {tool(t('announcements.editor.underline'), <UnderlineOutlined />, () => run('underline'))}
          {tool(t('announcements.editor.strike'), <StrikethroughOutlined />, () => run('strikeThrough'))}
          <Divider type="vertical" />
          {tool(t('announcements.editor.bulletList'), <UnorderedListOutlined />, () =>
            run('insertUnorderedList'),
          )}
          {tool(t('announcements.editor.numberedList'), <OrderedListOutlined />, () =>
            run('insertOrderedList'),
          )}
          {block(t('announcements.editor.quote'), 'blockquote')}
          <Divider type="vertical" />
          <Popover
            open={linkOpen}
            onOpenChange={(open) => {
              if (open) rememberSelection();
              setLinkOpen(open && mode === 'visual');
            }}
            trigger="click"
            content={
              <Space.Compact>
                <Input
                  value={linkUrl}
                  onChange={(e) => setLinkUrl(e.target.value)}
                  onPressEnter={insertLink}
                  style={{ width: 260 }}
                  data-testid="editor-link-input"
                />
                <Button type="primary" onClick={insertLink}>
                  {t('announcements.editor.insert')}
                </Button>
              </Space.Compact>
            }
          >
            <Tooltip title={t('announcements.editor.link')}>
              <Button
                type="text"
                size="small"
                icon={<LinkOutlined />}
                disabled={mode !== 'visual'}
                onMouseDown={(e) => {
                  e.preventDefault();
                  rememberSelection();
                }}
                aria-label={t('announcements.editor.link')}
              />
            </Tooltip>
          </Popover>
          {tool(t('announcements.editor.unlink'), <DisconnectOutlined />, () => run('unlink'))}
          {tool(t('announcements.editor.clear'), <ClearOutlined />, () => run('removeFormat'))}
          <Divider type="vertical" />
          {tool(t('announcements.editor.undo'), <UndoOutlined />, () => run('undo'))}
          {tool(t('announcements.editor.redo'), <RedoOutlined />, () => run('redo'))}
        </Space>
        <div style={{ flex: 1 }} />
        <Segmented<Mode>
          size="small"
          value={mode}
          onChange={setMode}
          options={[
            { value: 'visual', label: t('announcements.editor.visual') },
            { value: 'html', label: 'HTML', icon: <CodeOutlined /> },
            { value: 'preview', label: t('announcements.editor.preview'), icon: <EyeOutlined /> },
          ]}
        />
      </div>
      {mode === 'visual' && (
        // biome-ignore lint/a11y/useSemanticElements: rich text needs a contentEditable; a textarea holds plain text only
        <div
          ref={editor}
          className="rich-text-editor announcement-content"
          contentEditable
          suppressContentEditableWarning
          tabIndex={0}
          role="textbox"
          aria-multiline="true"
          data-placeholder={placeholder}
          onFocus={() => document.execCommand('defaultParagraphSeparator', false, 'p')}
          onInput={emit}
          onBlur={emit}
          style={{ minHeight: 220, maxHeight: 420, overflow: 'auto', padding: '8px 12px', outline: 'none' }}
          data-testid={testId ? `${testId}-area` : undefined}
        />
      )}
      {mode === 'html' && (
        <Input.TextArea
          value={value}
          onChange={(e) => onChange?.(e.target.value)}
          autoSize={{ minRows: 10, maxRows: 20 }}
          variant="borderless"
          style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 12 }}
        />
      )}
      {mode === 'preview' && (
        <div style={{ minHeight: 220, padding: '8px 12px' }}>
          <AnnouncementContent html={value} />
        </div>
      )}
    </div>
  );
}
