import type { Facility } from '@/lib/booking/types';

/** A park's facilities as a row of labels; nothing at all when the partner lists none. */
export function ParkFacilities({ facilities, label }: { facilities: readonly Facility[]; label: string }) {
  if (facilities.length === 0) return null;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {facilities.map((facility) => (
        <li key={facility.id} className="rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-800">
          {facility.name}
        </li>
      ))}
    </ul>
  );
}
