export interface InstallGuide {
  title: string;
  steps: string[];
}

export const INSTALL_GUIDES: InstallGuide[] = [
  {
    title: '安卓手机',
    steps: [
      '点击「安卓下载」，下载完成后打开安装包',
      '如提示“未知来源应用”，请在设置中允许本次安装',
      '安装完成后打开APP，使用注册的账号登录',
    ],
  },
  {
    title: '苹果手机',
    steps: [
      '在 Safari 中点击「苹果下载」，选择「允许」下载描述文件',
      '打开「设置」→「已下载描述文件」，点击「安装」',
      '请在下载后 8 分钟内完成安装，否则需重新下载',
    ],
  },
];
