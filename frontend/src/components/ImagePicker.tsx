import { useEffect, useMemo, useRef, useState, type Ref } from 'react';
import { Button, Typography } from 'antd';
import { CloseOutlined, PictureOutlined } from '@ant-design/icons';
import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import './widgets-i18n';
import { UploadLimitsDocument } from '@/gql/graphql';
import { formatCount } from '@/lib/money';

/** The pictures the server keeps (it re-encodes them; it also reads GIF and AVIF, which no form offers). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** Until the server's limits arrive: its defaults (UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES). */
const DEFAULT_LIMITS = { maxBytes: 5 * 1024 * 1024, maxFiles: 6 };

/** A file the server keeps as a picture. */
export const isKeptImage = (f: File) => (IMAGE_TYPES as readonly string[]).includes(f.type);

/** The server's upload limits (one cached query), its defaults until they arrive. */
export function useUploadLimits(): { maxBytes: number; maxFiles: number } {
  const { data } = useQuery(UploadLimitsDocument, { fetchPolicy: 'cache-first' });
  return data?.uploadLimits ?? DEFAULT_LIMITS;
}

const megabytes = (bytes: number, lang: string) => (bytes < 1024 * 1024 ? `${formatCount(Math.round(bytes / 1024), lang)} KB` : `${formatCount(Math.round((bytes / (1024 * 1024)) * 10) / 10, lang)} MB`);

const NONE: File[] = [];
const ignore = () => undefined;

/**
 * The picture field of the admin forms (doctor, nurse, medicine): JPEG, PNG or WebP only, no larger
 * than the server takes, refused with a message beside the field before anything is sent; a preview
 * of the chosen pictures, or of the current ones until something is chosen. The button opens the
 * file chooser from the keyboard; the field's label (Form.Item htmlFor={id}) names the file input.
 * Inside a named Form.Item the form gives `value` and `onChange` (and its rules can ask for a picture),
 * and its `ref` is the Choose button: a refused submit brings that into view and focuses it.
 */
export default function ImagePicker({ id, value = NONE, onChange = ignore, current = [], multiple = false, alt, ref }: {
  id: string;
  ref?: Ref<HTMLButtonElement>;
  value?: File[];
  onChange?: (files: File[]) => void;
  /** The pictures the record has now, shown until new ones are chosen. */
  current?: string[];
  multiple?: boolean;
  /** Alt text of the previews ("Photo of Dr. X"). */
  alt: string;
}) {
  const { t, i18n } = useTranslation('widgets');
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const limits = useUploadLimits();
  const previews = useMemo(() => value.map((f) => ({ file: f, url: URL.createObjectURL(f) })), [value]);
  useEffect(() => () => previews.forEach((p) => URL.revokeObjectURL(p.url)), [previews]);

  function choose(list: FileList | null) {
    const chosen = Array.from(list ?? []);
    if (input.current) input.current.value = '';
    if (!chosen.length) return;
    const notImage = chosen.find((f) => !isKeptImage(f));
    const tooLarge = chosen.find((f) => f.size > limits.maxBytes);
    const next = multiple ? [...value, ...chosen] : chosen.slice(0, 1);
    if (notImage) setProblem(t('imagePicker.notImage', { name: notImage.name }));
    else if (tooLarge) setProblem(t('imagePicker.tooLarge', { name: tooLarge.name, max: megabytes(limits.maxBytes, i18n.language) }));
    else if (next.length > limits.maxFiles) setProblem(t('imagePicker.tooMany', { max: limits.maxFiles }));
    else {
      setProblem(null);
      onChange(next);
    }
  }

  const shown = previews.length ? previews : current.map((url) => ({ file: null, url }));
  return (
    <div className="image-picker">
      {shown.length > 0 && (
        <ul aria-label={t('imagePicker.preview')} style={{ display: 'flex', flexWrap: 'wrap', gap: 8, listStyle: 'none', padding: 0, margin: '0 0 8px' }}>
          {shown.map((p, i) => (
            <li key={p.url} style={{ position: 'relative' }}>
              <img src={p.url} alt={alt} data-testid={`${id}-preview`} width={72} height={72} style={{ objectFit: 'cover', borderRadius: 8, border: '1px solid #e5e7eb', display: 'block' }} />
              {p.file && (
                <Button size="small" shape="circle" icon={<CloseOutlined />} aria-label={t('imagePicker.remove', { name: p.file.name })}
                  style={{ position: 'absolute', top: -8, insetInlineEnd: -8 }}
                  onClick={() => onChange(value.filter((_, j) => j !== i))} />
              )}
            </li>
          ))}
        </ul>
      )}
      <input
        ref={input} id={id} type="file" tabIndex={-1} accept={IMAGE_TYPES.join(',')} multiple={multiple}
        aria-describedby={`${id}-hint`} aria-invalid={!!problem}
        // Visually hidden but present: the label names it, and tests and assistive tools can reach it.
        style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden', pointerEvents: 'none' }}
        onChange={(e) => choose(e.target.files)}
      />
      <Button ref={ref} icon={<PictureOutlined />} onClick={() => input.current?.click()} aria-describedby={`${id}-hint`}>
        {t(multiple ? 'imagePicker.chooseMany' : 'imagePicker.choose')}
      </Button>
      <Typography.Text type="secondary" id={`${id}-hint`} style={{ display: 'block', marginTop: 4 }}>
        {t('imagePicker.hint', { max: megabytes(limits.maxBytes, i18n.language) })}
      </Typography.Text>
      {problem && <Typography.Text type="danger" role="alert" style={{ display: 'block' }}>{problem}</Typography.Text>}
    </div>
  );
}
