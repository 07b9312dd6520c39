import type { Article } from '@model/catalogue';
import type { RecordEditorProps } from '@/lib/feature';
import { ArticleForm } from './article-form-page';

/**
 * The article form as an editor other features open in their own side panel (the editor slot, lib/slots
 * `useRecordEditor('article')`): the admin BOM import edits a line's catalogue article with it. Back closes it, a
 * save hands the saved article on.
 */
export function ArticleEditor({ id, onSaved, onClose }: RecordEditorProps<Article>) {
  return <ArticleForm id={id} onBack={onClose} onSaved={onSaved} />;
}
