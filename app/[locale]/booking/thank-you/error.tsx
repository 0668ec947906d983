'use client';

import { BookingError } from '@/components/booking/booking-error';

export default BookingError;
