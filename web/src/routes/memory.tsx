import { useParams } from 'react-router';
import { MemoryView } from '../features/conversation/components/memory-view.tsx';

export default function MemoryScreen() {
  const { id = '' } = useParams();
  // Keyed by the memory: another one starts afresh (its own composer, its own pending comments).
  return <MemoryView key={id} id={id} />;
}
