import { useNavigate } from 'react-router';
import { PendingMemory } from '../../../components/pending-memory.tsx';
import { editPendingMemory, usePendingMemories } from '../../../lib/outbox/index.ts';

/** The person's writes still on the device, above the feed: newest memories first, as the feed runs. */
export function PendingList() {
  const { items } = usePendingMemories();
  const navigate = useNavigate();
  if (items.length === 0) return null;
  return (
    <section className="pending-list" aria-label="Waiting to upload">
      <h2 className="pending-list-title">{items.length === 1 ? '1 change waiting to upload' : `${items.length} changes waiting to upload`}</h2>
      {[...items].reverse().map((item) => (
        <PendingMemory
          key={item.id}
          item={item}
          onEdit={(i) => void editPendingMemory(i).then(({ path, state }) => navigate(path, { state }))}
        />
      ))}
    </section>
  );
}
