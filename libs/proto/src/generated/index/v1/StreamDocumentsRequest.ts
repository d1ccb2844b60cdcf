// Original file: proto/index/v1/index_source.proto


export interface StreamDocumentsRequest {
  'workspace_id'?: (string);
  /**
   * Subset of the source's types; empty means all of them.
   */
  'types'?: (string)[];
}

export interface StreamDocumentsRequest__Output {
  'workspace_id': (string);
  /**
   * Subset of the source's types; empty means all of them.
   */
  'types': (string)[];
}
