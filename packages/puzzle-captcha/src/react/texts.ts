/** Every visible or announced text of the widget that is not a prop. */
export const TEXTS = {
  title: '拼图验证',
  close: '关闭',
  refresh: '换一张',
  loading: '加载中…',
  picture: '验证图片：向右移动滑块，让拼图块对准图中的缺口',
  keyboardHint: '用左右方向键移动滑块（按住 Shift 每次移动 10），按回车键提交',
  position: (percent: number) => `已移动 ${percent}%`,
} as const;

export const DEFAULT_TEXTS = {
  successText: '验证通过！',
  failText: '验证失败，请重试',
  sliderText: '拖动滑块完成拼图',
} as const;
