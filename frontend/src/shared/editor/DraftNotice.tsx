import { Alert, Button } from 'antd';
import { DRAFT_DISCARD, DRAFT_LEFT_OUT, DRAFT_RESTORED } from './draftTexts';

/**
 * The notice over what was typed before the session expired and has been put back: the edit forms
 * (useEditorDraft) and the check sheet show the same one, with 破棄 to go back to what is saved.
 */
export function DraftNotice({ leftOut = false, onDiscard }: { leftOut?: boolean; onDiscard: () => void }) {
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      title={DRAFT_RESTORED}
      description={leftOut ? DRAFT_LEFT_OUT : undefined}
      action={
        <Button size="small" disabled={false} onClick={onDiscard}>
          {DRAFT_DISCARD}
        </Button>
      }
    />
  );
}
