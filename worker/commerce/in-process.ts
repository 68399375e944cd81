/**
 * The address the commerce client's in-process road calls (worker/commerce/client.ts): requests to it never leave the
 * Worker. Its own module, so that the backend's routes can recognise it without importing the client.
 */
export const inProcessOrigin = 'https://commerce.internal'
