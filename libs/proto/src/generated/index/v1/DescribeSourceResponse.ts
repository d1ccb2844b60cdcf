// Original file: proto/index/v1/index_source.proto


export interface DescribeSourceResponse {
  /**
   * Subset of: client, lead, shoot, gallery, album, order.
   */
  'types'?: (string)[];
}

export interface DescribeSourceResponse__Output {
  /**
   * Subset of: client, lead, shoot, gallery, album, order.
   */
  'types': (string)[];
}
