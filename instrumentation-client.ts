import { listenForHistoryReturns } from '@/components/ui/history-returns';

// Runs before the page hydrates: this listener must hear Back and Forward before the router does.
listenForHistoryReturns();
