import { ParkNotFound } from '@/components/parks/park-not-found';

export default function NotFound() {
  return <ParkNotFound />;
}
