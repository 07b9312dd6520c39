import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { EditorRecords, Feature, RecordEditorProps } from './feature';
import { lazyFrom } from './lazy';
import { SlotsProvider, slotsOf, useRecordEditor } from './slots';

function Editor({ id }: RecordEditorProps<EditorRecords['article']>) {
  return <p>{id}</p>;
}
const owner: Feature = { routes: [], editors: [{ kind: 'article', component: lazyFrom(async () => Editor) }] };

function Probe() {
  const editor = useRecordEditor('article');
  return <p data-testid="probe">{editor ? 'angeboten' : 'keiner'}</p>;
}

describe('the editor slot', () => {
  it('offers the editor a feature contributes for a record kind, and none without that feature', () => {
    const slots = slotsOf([{ routes: [] }, owner]);
    expect(slots.editors).toHaveLength(1);
    const { unmount } = render(
      <SlotsProvider slots={slots}>
        <Probe />
      </SlotsProvider>,
    );
    expect(screen.getByTestId('probe')).toHaveTextContent('angeboten');
    unmount();
    render(
      <SlotsProvider slots={slotsOf([{ routes: [] }])}>
        <Probe />
      </SlotsProvider>,
    );
    expect(screen.getByTestId('probe')).toHaveTextContent('keiner');
  });
});
