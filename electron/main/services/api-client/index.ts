export { ApiClient, CLIENT_NAME, type ApiClientOptions, type UploadProgress } from './api-client';
export { apiFail, apiOk, type ApiResult } from './api-result';
export { apiUrl, isLoopbackHost, normalizeBaseUrl } from './base-url';
export type { DownloadedFile } from './download';
export { buildMultipartBody, contentTypeForFile, type MultipartBody } from './multipart';
export type { StreamCost, StreamHandlers, StreamOutcome, StreamTitle } from './ndjson-stream';
export { REDACTED, redact, redactHeaders } from './redact';
export { isStreamCapable, renderFieldValue, wireTextParts } from './wire-fields';
