import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { RequiredMark } from '../../../ui/field';
import { useEffect, useId, useState } from 'react';

/** The formatting the blog's sanitiser keeps and the public page styles. */
const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    link: { openOnClick: false, autolink: true, defaultProtocol: 'https', protocols: ['mailto', 'tel'] },
  }),
];

type Chain = ReturnType<Editor['chain']>;

/** A formatting button: what it is called, what it shows, the node or mark it toggles. */
interface ToggleButton {
  label: string;
  text: string;
  active: [name: string, attributes?: Record<string, unknown>];
  toggle: (chain: Chain) => Chain;
}

const TOGGLES: ToggleButton[] = [
  { label: 'Bold', text: 'B', active: ['bold'], toggle: (chain) => chain.toggleBold() },
  { label: 'Italic', text: 'I', active: ['italic'], toggle: (chain) => chain.toggleItalic() },
  {
    label: 'Heading 2',
    text: 'H2',
    active: ['heading', { level: 2 }],
    toggle: (chain) => chain.toggleHeading({ level: 2 }),
  },
  {
    label: 'Heading 3',
    text: 'H3',
    active: ['heading', { level: 3 }],
    toggle: (chain) => chain.toggleHeading({ level: 3 }),
  },
  { label: 'Bulleted list', text: '• List', active: ['bulletList'], toggle: (chain) => chain.toggleBulletList() },
  { label: 'Numbered list', text: '1. List', active: ['orderedList'], toggle: (chain) => chain.toggleOrderedList() },
  { label: 'Quote', text: '❝', active: ['blockquote'], toggle: (chain) => chain.toggleBlockquote() },
];

/**
 * The blog's Content field: a TipTap editor that produces HTML. It is drawn
 * only in the browser (`immediatelyRender: false`), so the server's HTML and
 * the first browser render agree. `onChange` gets '' while the editor holds
 * no text, so the required check sees an empty field rather than `<p></p>`.
 */
export function RichTextEditor({
  id,
  label,
  required = false,
  initialHtml,
  onChange,
  error,
}: {
  /** The editable area's id, so the form can focus it. */
  id: string;
  label: string;
  required?: boolean;
  initialHtml: string;
  onChange: (html: string) => void;
  error?: string;
}) {
  const labelId = useId();
  const errorId = useId();
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: initialHtml,
    immediatelyRender: false,
    onUpdate: ({ editor: changed }) => onChange(changed.isEmpty ? '' : changed.getHTML()),
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(required ? { 'aria-required': 'true' } : {}),
        class: 'rich-text__area prose',
      },
    },
  });

  // Set here rather than in editorProps, which the editor reads only once.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const area = editor.view.dom;
    if (error) {
      area.setAttribute('aria-invalid', 'true');
      area.setAttribute('aria-describedby', errorId);
    } else {
      area.removeAttribute('aria-invalid');
      area.removeAttribute('aria-describedby');
    }
  }, [editor, error, errorId]);

  return (
    <div className="rich-text" data-invalid={error ? 'true' : undefined}>
      <span id={labelId} className="rich-text__label" onClick={() => editor?.commands.focus()}>
        {label}
        {required && <RequiredMark />}
      </span>
      {editor && <Toolbar editor={editor} />}
      <EditorContent editor={editor} className="rich-text__frame" />
      {error && (
        <p id={errorId} className="dashboard-form__error">
          {error}
        </p>
      )}
    </div>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      active: TOGGLES.map((button) => current.isActive(...button.active)),
      link: current.isActive('link'),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });
  const [linkOpen, setLinkOpen] = useState(false);
  return (
    <div className="rich-text__toolbar-wrap">
      <div role="toolbar" aria-label="Formatting" className="rich-text__toolbar">
        {TOGGLES.map((button, index) => (
          <button
            key={button.label}
            type="button"
            className="rich-text__button"
            aria-label={button.label}
            aria-pressed={state.active[index]}
            // A pointer press leaves the focus and the selection in the text, as word processors do, so the next
            // key typed goes there rather than to this button (which Enter would press again). Keyboard users
            // reach the button with Tab; the command then moves the focus back to the text.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => button.toggle(editor.chain().focus()).run()}
          >
            {button.text}
          </button>
        ))}
        <button
          type="button"
          className="rich-text__button"
          aria-label="Link"
          aria-pressed={state.link}
          aria-expanded={linkOpen}
          onClick={() => setLinkOpen((open) => !open)}
        >
          Link
        </button>
        <button
          type="button"
          className="rich-text__button"
          aria-label="Undo"
          disabled={!state.canUndo}
          onClick={() => editor.chain().focus().undo().run()}
        >
          ↶
        </button>
        <button
          type="button"
          className="rich-text__button"
          aria-label="Redo"
          disabled={!state.canRedo}
          onClick={() => editor.chain().focus().redo().run()}
        >
          ↷
        </button>
      </div>
      {linkOpen && (
        <LinkControl
          editor={editor}
          initialHref={(editor.getAttributes('link').href as string | undefined) ?? ''}
          onDone={() => setLinkOpen(false)}
        />
      )}
    </div>
  );
}

/** Sets or removes the link on the selection; an inline field instead of `window.prompt`. */
function LinkControl({ editor, initialHref, onDone }: { editor: Editor; initialHref: string; onDone: () => void }) {
  const id = useId();
  const [href, setHref] = useState(initialHref);
  function apply() {
    const address = href.trim();
    const chain = editor.chain().focus().extendMarkRange('link');
    if (address) chain.setLink({ href: address }).run();
    else chain.unsetLink().run();
    onDone();
  }
  return (
    <div className="rich-text__link">
      <label htmlFor={id}>Link address</label>
      <input
        id={id}
        type="url"
        value={href}
        placeholder="https://"
        autoFocus
        onChange={(event) => setHref(event.target.value)}
        onKeyDown={(event) => {
          // Enter sets the link rather than submitting the blog form around it.
          if (event.key === 'Enter') {
            event.preventDefault();
            apply();
          } else if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            onDone();
          }
        }}
      />
      <button type="button" className="button button--small" onClick={apply}>
        Apply link
      </button>
      <button
        type="button"
        className="button button--ghost button--small"
        onClick={() => {
          editor.chain().focus().extendMarkRange('link').unsetLink().run();
          onDone();
        }}
      >
        Remove link
      </button>
    </div>
  );
}
