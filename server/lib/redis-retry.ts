/**
 * ioredis' retryStrategy for every connection the server opens: soon after Redis went away, then once a
 * second while it stays away, so service resumes within about a second of its return (BullMQ's own
 * default waits up to 20 s between tries, ioredis' up to 2 s).
 */
export const reconnectDelay = (times: number) => Math.min(times * 100, 1000);
