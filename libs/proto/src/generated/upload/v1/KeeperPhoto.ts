// Original file: proto/upload/v1/upload.proto

import type { Long } from '@grpc/proto-loader';

export interface KeeperPhoto {
  'id'?: (string);
  'file_name'?: (string);
  'content_type'?: (string);
  'size'?: (number | string | Long);
  /**
   * Object keys in the upload bucket.
   */
  'original_key'?: (string);
  'web_key'?: (string);
  'thumb_key'?: (string);
  'width'?: (number);
  'height'?: (number);
  /**
   * ISO 8601 UTC; empty when the photo has no capture time.
   */
  'capture_time'?: (string);
  'created_at'?: (string);
}

export interface KeeperPhoto__Output {
  'id': (string);
  'file_name': (string);
  'content_type': (string);
  'size': (string);
  /**
   * Object keys in the upload bucket.
   */
  'original_key': (string);
  'web_key': (string);
  'thumb_key': (string);
  'width': (number);
  'height': (number);
  /**
   * ISO 8601 UTC; empty when the photo has no capture time.
   */
  'capture_time': (string);
  'created_at': (string);
}
