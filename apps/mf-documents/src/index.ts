// Async boundary: shared singletons are negotiated with the host before any app code runs.
void import('./bootstrap');
