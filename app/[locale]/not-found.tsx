import { NotFoundView } from '@/components/ui/not-found-view';

export default function NotFound() {
  return <NotFoundView />;
}
