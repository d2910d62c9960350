// The ASes whose kind the gateway knows (docs/decisions/networks-as-they-are.md), reviewed one by one. The
// candidates came from the organisation names in @ip-location-db/asn (scripts/network-review.ts holds the
// patterns and the reviewed exclusions; `npm run networks:candidates` lists what a newer dataset adds);
// each line's comment is that name (with the AS name bgp.he.net shows where it says more).
// Data: kept in one file however long; `npm run derive:networks` turns these into origin-as.json.

/** Access networks: many people behind few addresses (carrier-grade NAT on IPv4, a /64 per phone on IPv6). */
export const CARRIER_ASNS: readonly number[] = [
  // China Telecom: its backbone, provincial, MAN and 5G ASes (its IDC, cloud and IoT ASes are not here).
  4134, // Chinanet (CHINANET BACKBONE)
  4812, // China Telecom (Group) (CHINANET SH AP)
  140292, // China Telecom (CHINATELECOM JIANGSU SUZHOU 5G NETWORK)
  4811, // China Telecom (Group) (CHINANET SHANGHAI MAN)
  4809, // China Telecom Next Generation Carrier Network (CHINATELECOM CORE WAN CN2)
  17638, // ASN for TIANJIN Provincial Net of CT (CHINATELECOM TJ AP)
  136199, // CHINANET Guangdong province Yuedong MAN network (CHINANET GUANGDONG YUEDONG MAN)
  140293, // China Telecom (CHINATELECOM JIANGSU CHANGZHOU 5G NETWORK)
  140061, // China Telecom (CHINANET QINGHAI AP)
  137266, // China Telecom (CHINATELECOM HUBEI WUHAN 5G NETWORK)
  140308, // China Telecom (CHINATELECOM GUANGDONG ZHUHAI 5G NETWORK)
  140319, // China Telecom (CHINATELECOM GUANGDONG QINGYUAN 5G NETWORK)
  134773, // CHINANET Guangdong province Guangzhou MAN network (CHINANET GUANGDONG GUANGZHOU MAN)
  140320, // China Telecom (CHINATELECOM GUANGDONG SHANWEI 5G NETWORK)
  140311, // China Telecom (CHINATELECOM GUANGDONG JIANGMEN 5G NETWORK)
  134774, // CHINANET Guangdong province Shenzhen MAN network (CHINANET GUANGDONG SHENZHEN MAN)
  17799, // asn for Liaoning Provincial Net of CT (CHINATELECOM LN AP)
  134762, // CHINANET Liaoning province Dalian MAN network (CHINANET LIAONING DALIAN MAN)
  131285, // China Telecom (CHINATELECOM HUBEI SHENGJI 5G NETWORK)
  141739, // China Telecom (CT CHONGQING MAN2 AP)
  140318, // China Telecom (CHINATELECOM GUANGDONG HEYUAN 5G NETWORK)
  134419, // Beihai (CHINATELECOM GUANGXI BEIHAI MAN)
  140309, // China Telecom (CHINATELECOM GUANGDONG ZHONGSHAN 5G NETWORK)
  140647, // China Telecom (CHINATELECOM GUIZHOU SHENGJI 5G NETWORK)
  140485, // China Telecom (CHINATELECOM ZHEJIANG HANGZHOU 5GC NETWORK)
  140486, // China Telecom (CHINATELECOM ZHEJIANG JINHUA 5GC NETWORK)
  137694, // CHINATELECOM Xinjiang Kezhou MAN network (CHINATELECOM XINJIANG KEZHOU MAN)
  140553, // China Telecom (CHINATELECOM XINJIANG SHENGJI 5G NETWORK)
  136200, // CHINANET Guangdong province Foshan MAN network (CHINANET GUANGDONG FOSHAN MAN)
  137688, // CHINATELECOM Liaoning Benxi MAN
  137695, // CHINATELECOM Xinjiang Wulumuqi MAN network (CHINATELECOM XINJIANG WULUMUQI MAN)
  140345, // China Telecom (CHINATELECOM YUNNAN SHENGJI 5G NETWORK)
  141771, // China Telecom (CHINANET HEBEI ZHANGJIAKOU MAN)
  151185, // China Telecom
  17897, // asn for Heilongjiang Provincial Net of CT (CHINATELECOM HLJ AP)
  132147, // No.3,Shu-Ma Road (CT SHANXI MAN)
  131325, // CHINATELECOM JIANGSU province NANTONG MAN network (CHINATELECOM JIANGSU NANTONG MAN)
  132225, // China Telecom (CHINATELECOM QINGHAI 5G NETWORK)
  134772, // CHINANET Guangdong province Dongguan MAN network (CHINANET GUANGDONG DONGGUAN MAN)
  24350, // CERNET2 IX at Beijing University of Posts and Telecommunications
  140083, // China Telecom (CHINANET ANHUI AP)
  17633, // ASN for Shandong Provincial Net of CT (CHINATELECOM SD AP)
  142404, // China Telecom (CHINANET AP)
  132153, // No.3,Shu-Ma Road (CT SHANXI MAN 2)
  132536, // China Telecom (CHINANET TIANJIN MAN NEW)
  134767, // CHINANET Sichuan province Chengdu MAN network (CHINANET SICHUAN CHENGDU MAN)
  140903, // China Telecom (CHINANET HEBEI BAODING MAN)
  141006, // China Telecom (CT NEIMENGGU WULANCHABU MAN)
  4813, // China Telecom(Group)
  139721, // China Telecom (CHINATELECOM ANHUI HEFEI MAN)
  140484, // China Telecom (CHINATELECOM ZHEJIANG SHENGJI EPCCE NETWORK)
  58518, // China Telecom (CHINATELECOM CDMANETWORK BG GUANGZHOU)
  136198, // CHINANET Guangdong province Yuexi MAN network (CHINANET GUANGDONG YUEXI MAN)
  141025, // China Telecom (CT LIAONING SHENYANG MAN)
  140329, // China Telecom (CHINATELECOM FUJIAN FUZHOU 5G NETWORK)
  58517, // China Telecom (CHINATELECOM CDMANETWORK BG BEIJING)
  136197, // Xiong'an, Hebei Province, P.R.China. (CHINATELECOM HEBEI XIONGAN)
  140330, // China Telecom (CHINATELECOM FUJIAN XIAMEN 5G NETWORK)
  151058, // China Telecom
  59265, // China telecom ? China Next Generation Internet (CT CNGI)
  // China Unicom: its backbones and provincial ASes (its IDC ASes are not here).
  4837, // CHINA UNICOM China169 Backbone
  4808, // China Unicom Beijing Province Network
  17816, // China Unicom IP network China169 Guangdong province
  17621, // China Unicom Shanghai network
  9929, // CHINA UNICOM Industrial Internet Backbone
  17622, // China Unicom Guangzhou network
  17623, // China Unicom Shenzen network
  133119, // China Unicom IP network
  139007, // UNICOM InnerMongolia province network
  138421, // China Unicom
  140726, // China Unicom
  136958, // China Unicom Guangdong IP network
  135061, // China Unicom Guangdong IP network
  133118, // China Unicom IP network
  45083, // China UNICOM, Beijing Branch
  137539, // China Unicom
  134542, // China Unicom IP network
  134543, // China Unicom Guangdong IP network
  136959, // China Unicom Guangdong IP network
  140886, // China Unicom
  140707, // China Unicom
  // China Mobile, with China TieTong (its fixed broadband) and its provincial ASes (its IDC ASes are not here).
  9808, // China Mobile
  9394, // China TieTong Telecommunications Corporation
  56046, // China Mobile Communications Corporation
  56041, // China Mobile Communications Corporation
  56045, // China Mobile Communications Corporation
  24445, // China Mobile
  24444, // China Mobile
  56048, // China Mobile Communications Corporation
  56040, // China Mobile Communications Corporation
  56044, // China Mobile Communications Corporation
  56047, // China Mobile Communications Corporation
  24547, // China Mobile
  24400, // China Mobile
  56042, // China Mobile Communications Corporation
  24138, // China TieTong Telecommunications Corporation
  132525, // China Mobile Communications Corporation
  38019, // China Mobile
  134810, // China Mobile Communications Corporation
  141425, // China Mobile Communications Corporation
  140105, // China Mobile Communications Corporation
  135054, // China Mobile Communications Corporation
  45057, // CHINA TIETONG SHANGHAI
  // CERNET and CERNET2: the universities' network.
  4538, // China Education and Research Network Center
  24364, // CERNET2 IX at Shanghai Jiaotong University
  24361, // CERNET2 IX at Southeast University
  138378, // China Education and Research Network (CERNET)
  24358, // CERNET2 IX at Huazhong University of Science and Technology
  24353, // CERNET2 IX at Xi'an Jiaotong University
  24355, // CERNET2 IX at University of Electronic Science and Technology of China
  24362, // CERNET2 IX at University of Science and Technology of China
  138371, // China Education and Research Network (CERNET)
  24348, // CERNET2 IX at Tsinghua University
  24363, // CERNET2 IX at Shandong University
  24369, // CERNET2 IX at Northeast University
  24349, // CERNET2 IX at Peking University
  38255, // China Education and Research Network (CERNET)
  138369, // China Education and Research Network (CERNET)
  24357, // CERNET2 IX at South China University of Technology
  24370, // CERNET2 IX at Dalian University of Technology
  24372, // CERNET2 IX at Harbin Institute of Technology
  9425, // China Education and Research Network (CERNET)
  23910, // China Next Generation Internet CERNET2
  24302, // China Education and Research Network (CERNET) (CRIS-CERNET)
  24352, // CERNET2 IX at Tianjin University
  24356, // CERNET2 IX at Chongqing University
  24367, // CERNET2 IX at Zhejiang University
  24371, // CERNET2 IX at Jilin University
  38272, // China Education and Research Network (CERNET)
  138381, // China Education and Research Network (CERNET)
  138393, // China Education and Research Network (CERNET)
  138438, // China Education and Research Network (CERNET)
  151462, // AS151462-40 - Future Internet Technology Infrastructure (FITI)
  // Other Chinese access networks: CNIX (Great Wall Broadband's), the cable and broadcast operators' broadband.
  4847, // China Networks Inter-Exchange
  7641, // China Broadcasting TV Net
  146838, // China Broadcasting TV Net
  146788, // China Broadcasting Network Co., Ltd
  17429, // BEIJING GEHUA CATV NETWORK CO.LTD
  58834, // Guangdong Cable Corporation Limited
  59016, // China Broadcast Henan Network Co., Ltd
  9812, // Oriental Cable Network Co., Ltd.
  24139, // Huashu media&Network Limited
  17962, // ShenZhen Topway Video Communication Co. Ltd
  45106, // JIANGSU BROADCASTING DATA NETWORK CORPORATION LIMITED
  63581, // GUANGXI RADIO & TELEVISION INFORMATION NETWORK CO.,LTD.
  58852, // Guizhou provincial radio and television information Network Inc
  23771, // SXBCTV ,Internet Service Provider,
  63701, // Jishi Media Co ., Ltd.
  17969, // ChongQing Broadcast & TV Transfer Network Co. Ltd
  24143, // Qingdao Cable TV Network Center
  63590, // Hebei Broadcasting&TV Network
  131562, // HUNAN CATV Network Group CO.,LTD.
  131565, // INNER MONGOLIA BROADCAST&TV NETWORK GROUP CORPORATION
  23840, // TEDA Cable Television Network Co.,Ltd
  63621, // NINGXIA BROADCAST&TV NETWORK CO.,LTD
  59084, // SHANXI CABLE&BROADCASTING INFORMATION NETWORK
  63607, // Anhui Radio and Television Information Network Co.,Ltd.
  63719, // Gansu Province Radio and Television Network Co., Ltd.
  131506, // HEILONGJIANG RADIO & TV NETWORK CO.,LTD
  59064, // The North United Cable Network.Inc
  59003, // Tianjin B&T broadband network technology Co., Ltd.
  63704, // Guizhou provincial radio and television information Network Inc
  137755, // China Radio and Television Qinghai Network Co. Ltd
  146802, // China Broadcasting Network Yunnan Co.,Ltd
  131526, // XINJIANG BROADCAST NETWORK CO.,LTD
  17964, // Beijing Dian-Xin-Tong Network Technologies Co., Ltd.
  131536, // Shanghai Great Wall Broadband Network Service Co., Ltd.
  // Large access carriers elsewhere: Hong Kong, Taiwan, Japan, Korea, South-East Asia, India, Europe, the US.
  4760, // PCCW IMS Limited
  9231, // China Mobile Hong Kong Company Limited
  137872, // China Mobile Hong Kong Company Limited
  3462, // Chunghwa Telecom Co., Ltd.
  9605, // NTT DOCOMO, INC.
  17676, // SoftBank Corp.
  2516, // KDDI CORPORATION
  4766, // Korea Telecom
  9318, // SK Broadband Co Ltd
  23693, // PT. Telekomunikasi Selular
  7552, // Viettel Group
  45609, // Bharti Airtel Limited
  55836, // Reliance Jio Infocomm Limited
  3320, // Deutsche Telekom AG
  3209, // Vodafone GmbH
  3215, // Orange S.A.
  7018, // AT&T Enterprises, LLC
  22394, // Verizon Business
  21928, // T-Mobile USA, Inc.
  7922, // Comcast Cable Communications, LLC
];

/** Clouds, data centres and hosts that rent machines, the carriers' own IDC ASes included: machines, not people. */
export const HOSTING_ASNS: readonly number[] = [
  // The Chinese carriers' IDC, cloud and CDN ASes.
  23724, // IDC, China Telecommunications Corporation (CHINANET IDC BJ AP)
  58519, // Cloud Computing Corporation (CHINATELECOM CTCLOUD)
  58461, // Chinanet (CT HANGZHOU IDC)
  38283, // CHINANET SiChuan Telecom Internet Data Center (CHINANET SCIDC AP)
  58466, // CHINANET Guangdong province network (CT GUANGZHOU IDC)
  4835, // China Telecom (Group) (CHINANET IDC SN)
  133774, // Fuzhou (CHINATELECOM FUJIAN FUZHOU IDC1)
  134768, // CHINANET SHAANXI province Cloud Base network (CHINANET SHAANXI CLOUD BASE)
  134420, // Chongqing Telecom (CHINATELECOM CHONGQING IDC)
  63835, // No.293,Wanbao Avenue (CT HUNAN CHANGSHA IDC)
  58563, // CHINANET Hubei province network (CHINATELECOM HUBEI IDC)
  136190, // JINHUA, ZHEJIANG Province, P.R.China. (CHINATELECOM ZHEJIANG JINHUA IDC)
  134763, // CHINANET Guangdong province network (CT DONGGUAN IDC)
  141679, // China Telecom (CHINATELECOM IDC BTHBD AP)
  134756, // China Telecom (CHINANET NANJING JISHAN IDC)
  136188, // NINGBO, ZHEJIANG Province, P.R.China. (CHINATELECOM ZHEJIANG NINGBO IDC)
  58542, // Tianjij,300000 (CHINATELECOM TIANJIN)
  140527, // China Telecom (CHINANET ANHUI WUHU IDC)
  23650, // Chinanet Jiangsu (CHINANET JIANGSU PROVINCE IDC)
  135089, // China Telecom (CHINANET GUANGZHOU SOUTHBASE IDC)
  58540, // Jinan,250000 (CHINATELECOM SHANDONG JINAN IDC)
  134238, // CHINANET Jiangx province IDC network (CT JIANGXI IDC)
  137697, // CHINATELECOM JiangSu YangZhou IDC networkdescr: YangZhou , Jiangsu Province, P. (CHINATELECOM JIANGSU YANGZHOU IDC)
  58541, // Qingdao,266000 (CHINATELECOM SHANDONG QINGDAO IDC)
  137702, // China Telecom (CHINATELECOM JIANGSU NANJING IDC)
  139080, // China Mobile Communications Corporation
  134771, // WENZHOU, ZHEJIANG Province, P.R.China. (CHINATELECOM ZHEJIANG WENZHOU IDC)
  138950, // China Telecom (CHINATELECOM JIANGSU WUXI INTERNATIONAL IDC)
  134760, // Shijiazhuang IDC network, CHINANET Hebei province (CHINANET HEBEI SHIJIAZHUANG IDC)
  17789, // CNCGROUP IP network of ShangHai IDC
  132510, // China Mobile Communications Corporation
  138169, // China Telecom (ASEAN INTERNATIONAL INFORMATION GARDEN IDC)
  141998, // China Telecom (CHINANET LANZHOU IDC)
  63838, // Hengyang (CT HUNAN HENGYANG IDC)
  140979, // China Unicom
  4816, // China Telecom (Group) (CHINANET IDC GD)
  137693, // CHINATELECOM Guangxi Nanning IDC networkdescr: Nanning , Guangxi Province, P.R. (CHINATELECOM GUANGXI NANNING IDC)
  136195, // Qingdao, Shandong Province, P.R.China. (CHINATELECOM QINGDAO CLOUDBASE)
  134765, // CHINANET Yunnan province IDC1 network (CHINANET YUNNAN IDC1)
  133776, // Quanzhou (CHINATELECOM FUJIAN QUANZHOU IDC1)
  137698, // Haerbing , Heilongjiang Province, P.R.China. (CHINATELECOM HEILONGJIANG HANAN IDC)
  58539, // Langfang,Hebei province, P.R.China (CHINATELECOM HEBEI LANGFANG IDC)
  134761, // CHINANET NINGXIA province ZHONGWEI IDC network (CHINANET NINGXIA ZHONGWEI IDC)
  134766, // CHINANET Yunnan province IDC2 network (CHINANET YUNNAN IDC2)
  139203, // China Telecom (CHINANET GUIZHOU GUIAN IDC)
  140716, // China Unicom
  139201, // China Telecom (CHINANET JIANGXI JIUJIANG IDC)
  138407, // China Mobile Communications Corporation
  134764, // CHINANET Guangdong province network (CT FOSHAN IDC)
  133775, // Xiamen (CHINATELECOM FUJIAN XIAMEN IDC1)
  146966, // China Telecom (CHINANET YANGZHOUNORTH IDC)
  148981, // China Telecom (CHINANET HUBEI SHIYAN IDC)
  139587, // China Telecom (CHINANET HENAN ZHENGZHOU SHUJUGANG IDC)
  139220, // China Telecom (CHINANET SICHUAN CHUANXI IDC)
  140717, // China Unicom
  58772, // CHINANET Fujian province Fuzhou IDC network (CHINANET FUJIAN FUZHOU IDC)
  134425, // China Telecom (CHINANET HEFEI QIMENLU IDC)
  138982, // China Telecom (CHINANET HUBEI JIANGXIA IDC)
  136191, // YICHANG, Hubei Province, P.R.China. (CHINATELECOM HUBEI YICHANG IDC)
  137699, // CHINATELECOM Jiangsu Suqian IDC network (CHINATELECOM JIANGSU SUQIAN IDC)
  149178, // China Telecom (CT HEFEI NANGANG IDC)
  149837, // China Telecom (CHINANET JX YUNHE IDC)
  136192, // Xiangyang, Hubei Province, P.R.China. (CHINATELECOM HUBEI XIANGYANG IDC)
  139018, // China Telecom (CHINANET HENAN LUOYANG IDC)
  134770, // CHINANET Jiangsu province Suzhou taihu IDC network (CHINANET JIANGSU SUZHOU TAIHU IDC)
  59223, // CHINANET Qinghai province IDC network
  134769, // ChinaNet Jiangsu Changzhou Liyang IDC network (CHINANET JIANGSU CHANGZHOU LIYANG IDC)
  137690, // Zaozhuang,Shandong Province, P.R.China. (CHINATELECOM SHANDONG ZAOZHUANG IDC)
  147038, // China Telecom (CHINANET QINGYANG IDC)
  152120, // China Unicom
  150145, // China Telecom (CHINANET HUBEI SANXIA IDC)
  151397, // China Telecom (CT ESURFINGCLOUD CDN)
  148969, // China Telecom (CHINANET JIANGXI LINKONG IDC)
  139462, // China Telecom (CHINANET GY)
  139887, // China Telecom (CHINANET YANTAI IDC)
  138991, // China Telecom (CHINATELECOM GUANGXI LIUZHOU IDC)
  136194, // Huangshi, Hubei Province, P.R.China. (CHINATELECOM HUBEI HUANGSHI IDC)
  142608, // China Telecom (CHINANET ANHUI BENGBU IDC)
  132833, // China Telecom (CHINANET ANHUI WUHU NEWIDC)
  138570, // China Telecom (CT ANQING IDC)
  132437, // China Telecom (CHINANET HUAIBEI IDC)
  134417, // Nanjing (CHINATELECOM JIANGSU NANJING HEXI IDC)
  137691, // Heilongjiang Province, P.R.China. (CHINATELECOM HEILONGJIANG IDC)
  58543, // Guangdong (CHINATELECOM GUANGDONG IDC)
  149979, // China Telecom (CHINANET HUNAN ACROSS REGION IDC)
  134172, // Colocation at China Telecom Hong Kong datacenter at Shatin
  10206, // China Unicom Zhongwei Cloud
  146822, // Shenzhenshi Zhongyun Shujujishu Youxiangongsi (CHINANET XINFU)
  38587, // CERNET Internet Data Center
  // Amazon (AWS, and its China regions).
  16509, // Amazon.com, Inc.
  14618, // Amazon.com, Inc.
  8987, // Amazon Data Services Ireland Ltd
  38895, // Amazon.com Tech Telecom
  7224, // Amazon.com, Inc.
  62785, // Amazon.com Services, LLC
  9059, // Amazon Data Services Ireland Ltd
  801, // Amazon Technologies Inc.
  21664, // Amazon.com, Inc.
  36263, // Amazon.com, Inc.
  400098, // Amazon Technologies Inc.
  401395, // Amazon Technologies, Inc.
  135630, // Amazon Connection Technology Services (Beijing) Co., LTD
  // Microsoft (Azure).
  8075, // Microsoft Corporation
  8068, // Microsoft Corporation
  8069, // Microsoft Corporation
  8070, // Microsoft Corporation
  8071, // Microsoft Corporation
  35106, // Microsoft Limited
  200517, // Microsoft Deutschland MCIO GmbH
  12076, // Microsoft Corporation
  // Google (Cloud).
  15169, // Google LLC
  396982, // Google LLC
  19527, // Google LLC
  43515, // Google Ireland Limited
  36384, // Google LLC
  36492, // Google, LLC
  394089, // Google LLC
  396178, // Google LLC
  36411, // Google LLC
  36040, // Google LLC
  214609, // Google Cloud EMEA Ltd
  214611, // Google Cloud EMEA Ltd
  139190, // Google Asia Pacific Pte. Ltd.
  41264, // Google Switzerland GmbH
  36383, // Google LLC
  395973, // Google LLC
  45566, // Google Singapore Pte. Ltd.
  16550, // Google LLC
  33715, // Google LLC
  139070, // Google Asia Pacific Pte. Ltd.
  394507, // Google LLC
  394639, // Google LLC
  36385, // Google LLC
  // Oracle (Cloud).
  31898, // Oracle Corporation
  54253, // Oracle Corporation
  64102, // Oracle Corporation
  33517, // Oracle Corporation
  20054, // Oracle Corporation
  6142, // Oracle Corporation
  46558, // Oracle Corporation
  11049, // Oracle Corporation
  52019, // Oracle Svenska AB
  11506, // Oracle Corporation
  1215, // Oracle Corporation
  1218, // Oracle Corporation
  15519, // Oracle Svenska AB
  14544, // Oracle Corporation
  20037, // Oracle Corporation
  15135, // Oracle Corporation
  24185, // Oracle Corporation
  206209, // Oracle Svenska AB
  200705, // Oracle Svenska AB
  393773, // Oracle Corporation
  200981, // Oracle Svenska AB
  1219, // Oracle Corporation
  11479, // Oracle Corporation
  18916, // Oracle Corporation
  34135, // Oracle America Inc.
  1217, // Oracle Corporation
  3457, // Oracle Corporation
  393314, // Oracle Corporation
  395010, // Oracle Corporation
  // Alibaba Cloud (and Taobao).
  37963, // Hangzhou Alibaba Advertising Co.,Ltd.
  45102, // Alibaba (US) Technology Co., Ltd.
  134963, // Alibaba Cloud (Singapore) Private Limited
  24429, // Zhejiang Taobao Network Co.,Ltd
  // Tencent Cloud.
  45090, // Shenzhen Tencent Computer Systems Company Limited
  132203, // Shenzhen Tencent Computer Systems Company Limited
  132591, // Tencent AS num for global network
  133478, // Tencent Cloud Computing (Beijing) Co., Ltd
  137876, // Tencent (Thailand) Company Limited
  // Huawei Cloud.
  55990, // Huawei Cloud Service data center
  136907, // HUAWEI INTERNATIONAL PTE. LTD.
  131444, // HUAWEI INTERNATIONAL PTE. LTD.
  141180, // HUAWEI INTERNATIONAL PTE. LTD.
  151610, // HUAWEI INTERNATIONAL PTE. LTD.
  149167, // HIPL-AS-AP - HUAWEI INTERNATIONAL PTE. LTD.
  200756, // Huawei Technologies (Netherlands) B.V.
  206798, // HUAWEI TECHNOLOGIES(UK)CO.,LTD
  265443, // Huawei do Brasil Telecomunicacoes Ltda.
  63727, // Huawei
  // Baidu.
  38365, // Beijing Baidu Netcom Science and Technology Co., Ltd.
  55967, // Beijing Baidu Netcom Science and Technology Co., Ltd.
  38627, // Baidu, Inc.
  63288, // Baidu USA LLC
  133746, // Baidu (Hong Kong) Limited
  199506, // Baidu-Global-EU Baidu (Hong Kong) Limited
  // UCloud.
  135377, // UCLOUD INFORMATION TECHNOLOGY (HK) LIMITED
  59077, // Shanghai UCloud Information Technology Company Limited
  139327, // UCLOUD INFORMATION TECHNOLOGY (HK) LIMITED
  // Kingsoft Cloud.
  59019, // Beijing Kingsoft Cloud Internet Technology Co., Ltd
  137280, // Kingsoft cloud corporation limited
  // Volcano Engine (ByteDance).
  137718, // Beijing Volcano Engine Technology Co., Ltd.
  396986, // Bytedance Inc.
  138699, // TIKTOK PTE. LTD.
  11983, // Tiktok U.S. Data Security Inc.
  // JD Cloud.
  131486, // Beijing Jingdong 360 Degree E-commerce Co., Ltd.
  137753, // Beijing Jingdong Shangke Information Technology Co. Ltd.
  137787, // Beijing Jingdong Shangke Information Technology Co. Ltd.
  // QingCloud.
  59078, // Yunify Technologies Inc.
  // 21Vianet and Sinnet (Azure and AWS in China).
  17428, // 21Vianet.Co.,Ltd
  58593, // Shanghai Blue Cloud Technology Co.,Ltd
  55960, // Beijing Guanghuan Xinwang Digital
  23844, // Beijing Guanghuan Xinwang Digital
  153193, // SINNET CLOUD HK LIMITED
  // NetEase.
  45062, // NetEase Building No.16 Ke Yun Road,
  137263, // NETEASE (HONG KONG) LIMITED
  131659, // NETEASE
  // DigitalOcean.
  14061, // DigitalOcean, LLC
  393406, // DigitalOcean, LLC
  46652, // DigitalOcean, LLC
  // Hetzner.
  24940, // Hetzner Online GmbH
  213230, // Hetzner Online GmbH
  212317, // Hetzner Online GmbH
  215859, // Hetzner Online GmbH
  // OVH.
  16276, // OVH SAS
  35540, // OVH SAS
  // Vultr (The Constant Company).
  20473, // The Constant Company, LLC
  46407, // The Constant Company, LLC
  11508, // The Constant Company, LLC
  54094, // The Constant Company, LLC
  // Linode (Akamai).
  63949, // Akamai Technologies, Inc.
  48337, // Linode, LLC
  // Contabo.
  51167, // Contabo GmbH
  40021, // Contabo Inc.
  141995, // Contabo Asia Private Limited
  // M247.
  9009, // M247 Europe SRL
  42973, // M247 UK Ltd
  16247, // M247 UK Ltd
  33970, // M247 Ltd
  51332, // M247 Europe SRL
  // IBM Cloud (SoftLayer).
  36351, // IBM Cloud
  // Scaleway.
  12876, // Scaleway SAS
  29447, // SCALEWAY S.A.S.
  54265, // SCALEWAY US CORPORATION
  202023, // SCALEWAY S.A.S.
  205537, // Association42 Scaleway SAS
  // Leaseweb.
  60781, // LeaseWeb Netherlands B.V.
  16265, // LeaseWeb Network B.V.
  28753, // Leaseweb Deutschland GmbH
  59253, // LEASEWEB SINGAPORE PTE. LTD.
  19148, // Leaseweb USA, Inc.
  395954, // Leaseweb USA, Inc.
  7203, // Leaseweb USA, Inc.
  30633, // Leaseweb USA, Inc.
  396190, // Leaseweb USA, Inc.
  27411, // Leaseweb USA, Inc.
  32613, // Leaseweb Canada Inc.
  396362, // Leaseweb USA, Inc.
  393886, // Leaseweb USA, Inc.
  394380, // Leaseweb USA, Inc.
  205544, // LEASEWEB UK LIMITED
  134351, // Leaseweb Japan K.K.
  133752, // LEASEWEB HONG KONG LIMITED
  38930, // LeaseWeb Network B.V.
  136988, // LEASEWEB AUSTRALIA PTY LIMITED
  60626, // LeaseWeb LeaseWeb Network B.V.
  // Other clouds, hosts and VPS sellers.
  8560, // IONOS SE
  33070, // Rackspace Hosting
  19994, // Rackspace Hosting
  27357, // Rackspace Hosting
  15395, // Rackspace Ltd.
  24867, // Rackspace Ltd.
  39921, // Rackspace Ltd.
  45187, // Rackspace.com Hong Kong Limited
  58683, // Rackspace.com Hong Kong Limited
  198220, // Rackspace Ltd.
  12200, // Rackspace Hosting
  44009, // Rackspace Ltd.
  54636, // Rackspace Hosting
  213740, // Rackspace Germany GmbH
  213735, // Rackspace Germany GmbH
  33439, // Rackspace Hosting
  26496, // GoDaddy.com, LLC
  398101, // GoDaddy.com, LLC
  398110, // GoDaddy.com, LLC
  398108, // GoDaddy.com, LLC
  31815, // GoDaddy.com, LLC
  400754, // GoDaddy.com, LLC
  398787, // GoDaddy.com, LLC
  47583, // Hostinger International Limited
  204915, // Hostinger International Limited
  203020, // HostRoyale Technologies Pvt Ltd
  207990, // HostRoyale Technologies Pvt Ltd
  133499, // HostRoyale Technologies Pvt Ltd
  204287, // HostRoyale Technologies Pvt Ltd
  134450, // HostRoyale Technologies Pvt Ltd
  39486, // HostRoyale Technologies Pvt Ltd
  46516, // HostRoyale LLC
  44144, // HostRoyale Technologies Pvt Ltd
  212238, // Datacamp Limited
  60068, // Datacamp Limited
  211612, // Datacamp Limited
  36352, // HostPapa
  54290, // HostPapa
  11989, // HostPapa
  9115, // Hostpapa UK Ltd.
  40092, // HostPapa
  23273, // HostPapa
  394738, // HostPapa
  21859, // Zenlayer Inc
  62610, // Zenlayer Inc
  4229, // Zenlayer Inc
  29752, // Zenlayer Inc
  38854, // Zenlayer
  139625, // Zenlayer (Singapore) PTE. LTD
  393502, // Zenlayer Inc
  7979, // Servers.com, Inc.
  61107, // Servers.com B.V.
  46786, // Servers.com, Inc.
  49505, // JSC Selectel
  50340, // JSC Selectel
  61976, // JSC Selectel
  198652, // Selectel LTD
  29802, // HIVELOCITY, Inc.
  61317, // Hivelocity Inc
  30058, // FDCservers.net
  7684, // SAKURA Internet Inc.
  9370, // SAKURA Internet Inc.
  9371, // SAKURA Internet Inc.
  55897, // SAKURA Internet Inc.
  135354, // NAVER BUSINESS PLATFORM ASIA PACIFIC PTE. LTD.
  23576, // NAVER Cloud Corp.
  9597, // KDDI Web Communications Inc.
  7506, // GMO Internet Group, Inc.
  58791, // GMO Internet,Inc
  55907, // GMO Internet,Inc
  135161, // GMO-Z.COM PTE. LTD.
  59349, // GMO-Z.COM PTE. LTD.
  396356, // Latitude.sh
  9123, // JSC "TIMEWEB"
  210976, // Timeweb, LLP
  204427, // Timeweb, LLP
  51789, // JSC "TIMEWEB"
  200350, // Yandex.Cloud LLC
  210656, // Yandex.Cloud LLC
  215013, // Yandex.Cloud LLC
  29066, // velia.net Internetdienste GmbH
  30083, // velia.net
  40676, // Psychz Networks
  197540, // netcup GmbH
  214996, // netcup GmbH
  262287, // Maxihost LTDA
  199524, // G-Core Labs S.A.
  202422, // G-Core Labs S.A.
  59245, // G-Core Labs S.A
  210559, // G-Core Labs S.A.
  46475, // Limestone Networks, Inc.
  46844, // Sharktech
  8315, // WorldStream B.V.
  49981, // WorldStream B.V.
  265825, // WORLDSTREAM LATAM B.V
  28836, // WorldStream B.V.
  25525, // WorldStream B.V.
  214313, // Worldstream Network B.V.
  11878, // tzulo, inc.
  197695, // "Domain names registrar REG.RU", Ltd
  49352, // "Domain names registrar REG.RU", Ltd
  39561, // "Domain names registrar REG.RU", Ltd
  198610, // Beget LLC
  213533, // Beget LLC
  32097, // WholeSale Internet, Inc.
  6724, // Strato AG
  210644, // AEZA INTERNATIONAL LTD
  216246, // Aeza Group LLC
  45974, // NHNCLOUD
  151386, // NHN Cloud Japan Corporation
  152291, // NHNCLOUD
  10038, // NHNCLOUD
  202053, // UpCloud Ltd
  25697, // UpCloud USA Inc
  36007, // Kamatera, Inc.
  210329, // Kamatera Inc
  215728, // Kamatera Inc
  41436, // Kamatera Inc
  204548, // Kamatera Inc
  396949, // Kamatera, Inc.
  64022, // Kamatera, Inc.
  396948, // Kamatera, Inc.
  54913, // Kamatera, Inc.
  53667, // FranTech Solutions
  906, // DMIT Cloud Services
  132110, // DMIT Inc.
  54574, // DMIT Cloud Services
  32519, // DMIT Cloud Services
  12189, // PhoenixNAP LLC
  11572, // PhoenixNAP LLC
  59210, // PhoenixNAP
  53605, // PhoenixNAP LLC
  46385, // PhoenixNAP LLC
  394643, // PhoenixNAP LLC
  136899, // PhoenixNAP
  152879, // PhoenixNAP
  397378, // PhoenixNAP LLC
  400672, // PhoenixNAP LLC
  8100, // QuadraNet Enterprises LLC
  43350, // NForce Entertainment B.V.
  64437, // NForce Entertainment B.V.
  50673, // Serverius Holding B.V.
  211895, // Serverius Holding B.V.
  208685, // Qbine-AS Serverius Holding B.V.
  41441, // Speed-IX Serverius Holding B.V.
  44051, // Fornex Hosting S.L.
  16003, // Fornex Hosting S.L.
  48040, // Fornex Hosting S.L.
  48018, // Fornex Hosting S.L.
  58955, // Bangmod Enterprise Co., Ltd.
  59374, // Bangmod Enterprise Co., Ltd.
  142565, // Bangmod Cloud Pte. Ltd.
  152232, // kt cloud Co., Ltd
  9947, // kt cloud Co., Ltd
  25820, // IT7 Networks Inc
  // Data centres, hosts and VPS sellers found by name (hosting, host, cloud, server, data centre, VPS, colocation,
  // IDC, dedicated), each with at least a /22 of IPv4; those found that are not (ISPs, Wi-Fi, Cloudflare) are left out.
  965, // Webhosting Holdings LLC
  1442, // SureHosting Internet Solutions, Inc.
  1616, // CoreLink Data Centers
  1902, // Deutsche Telekom Cloud Services s.r.o.
  3232, // ModernColo LP
  3236, // SERVER.UA LLC
  3595, // zColo
  3842, // InMotion Hosting, Inc.
  4694, // IDC Frontier Inc.
  4851, // HOST NETWORKS
  5464, // ZURICH DATACENTER LTD
  6204, // INTERKVM HOST SRL
  6597, // Coloblox Data Centers Inc
  6659, // PlusServer GmbH
  6681, // GIVEME CLOUD SP Z O O
  6903, // LLC "ASTRA CLOUD"
  7001, // Metacloud LLC
  7040, // Netminders Server Hosting
  7387, // ONBOARDCLOUD PTE. LTD.
  7441, // Omega Datacenters, LLC
  7483, // Skycloud Computing co., Ltd.
  7488, // CNServer LLC
  7489, // HostUS
  7532, // Gamania CloudForce
  7551, // SECURITY SHIFT CLOUD PTY LTD
  7628, // CorpCloud Pty Ltd
  8646, // cloudinfrastack, s.r.o.
  8972, // Host Europe GmbH
  9086, // Docklands Data Centre Ltd
  9280, // Servers Australia Pty. Ltd
  9287, // True Internet Data Center Company Limited
  9290, // GoHosting
  9423, // ServerKing.io, LLC
  9678, // HostingInside LTD
  9925, // VDC Powerbase Hong Kong Data Centers Limited
  9952, // Hostway IDC
  10098, // Henderson Data Centre Ltd
  10489, // Armour Cloud, LLC
  10747, // Epic Hosting, LLC
  10908, // CloudfloorDNS
  10918, // Accurant Cloud Services LLC
  10929, // eStruxture Data Centers Inc.
  11110, // SERVERCLOUD
  11282, // SERVERYOU INC
  11352, // Iomartcloud Inc.
  11402, // Charlotte Colocation Center, LLc
  11598, // Cloudsmart
  11713, // Granite Block Global Data Center, Inc
  11798, // Ace Data Centers, Inc.
  12025, // Iron Mountain Data Center
  12362, // Euris Health Cloud SAS
  12417, // Plus Hosting Grupa d.o.o.
  12462, // Evolutio Cloud Enabler S.A. Unipersonal
  12488, // Krystal Hosting Ltd
  12574, // Hosting.de GmbH
  12601, // Cegedim.Cloud SASU
  12837, // "1 CLOUD LAB" LLC
  12989, // Black HOST Ltd
  13354, // zColo
  13537, // Mega Colocation, Inc.
  13739, // Datacenter IP, LLC
  13830, // PureVoltage Hosting Inc.
  13845, // eStruxture Data Centers Inc.
  13878, // Scala Data Centers
  13886, // Cloud South
  13909, // Techie Hosting, Inc.
  13984, // SD Data Center
  14160, // Premium Hosting, Inc.
  14244, // NSI Hosting
  14313, // zColo
  14315, // 1GSERVERS, LLC
  14397, // 1st Class Hosting, LLC
  14415, // Host Collective, Inc.
  14567, // Springs Hosting
  14576, // Hosting Solution Ltd.
  14670, // WHG Hosting Services Ltd
  14713, // Hosted Backbone
  14807, // StormWeb Canada Hosting Inc.
  14936, // CloudHQ, LLC
  14956, // RouterHosting LLC
  14987, // Rethem Hosting LLC
  15055, // YourColo LLC
  15114, // Host Depot, Inc.
  15162, // Netminders Server Hosting
  15317, // Serverel Inc.
  15497, // 1 Cloud Lab s.r.o.
  15919, // Servicios de Hosting en Internet S.A.
  16125, // UAB Cherry Servers
  16556, // TotalChoice Hosting, LLC
  16557, // Colo Solutions
  17017, // campuscolo.com
  17139, // Corporate Colocation Inc.
  17252, // Colocation America Corporation
  17420, // Acer e-Enabling Data Center, Inc.
  17453, // AUTONOMOUS SYTEM FOR MUMBAI-IDC
  17476, // CloudRadium (HK) Limited
  17666, // Hitachi Sunway Data Centre Services Sdn. Bhd.
  17881, // Inet Hosting, Inc.
  18345, // Servers Australia Pty. Ltd
  18501, // CyberCloud Professionals LLC
  18604, // Ai Host, LLC
  18635, // Secure Hosting Ltd.
  18779, // EGIHosting
  19089, // Scala Data Centers
  19122, // eStruxture Data Centers Inc.
  19133, // Bird Hosting Inc.
  19211, // HostingYard LLC
  19272, // Rochester Colo LLC
  19318, // Interserver, Inc
  19343, // V2Cloud Solutions Inc.
  19377, // Cloud Carib Limited
  19382, // Oncore Cloud Services
  19437, // SECURED SERVERS LLC
  19445, // NexCloud
  19528, // Meridian Parkway Data Center Owner, LLC
  19893, // NTT Global Data Centers Americas, INC.
  19969, // Joe's Datacenter, LLC
  20029, // H5 Data Centers
  20068, // Hawk Host Inc.
  20248, // Take 2 Hosting, Inc.
  20267, // INTERNET SERVER CONNECTIONS INC
  20333, // Cloudwave
  20454, // SECURED SERVERS LLC
  20562, // Broadband Hosting B.V.
  20722, // Allnet Cloud Srl
  20773, // Host Europe GmbH
  20860, // IOMART CLOUD SERVICES LIMITED
  20917, // FIDUCIAL CLOUD SASU
  21130, // IOMART CLOUD SERVICES LIMITED
  21217, // Infrastructure Switzerland Colo Sarl
  21244, // Warsaw Data Center Sp. z o.o.
  21294, // CLOUDSYS TELECOM SRL
  21472, // ServerHouse Ltd
  21499, // Host Europe GmbH
  21501, // Host Europe GmbH
  21769, // Colocation America Corporation
  21774, // The Exchange Global Server Center
  21907, // Southern Data Center
  22168, // The Shadowserver Foundation, Inc.
  22319, // Fogo Data Centers
  22357, // Secure Shores Data Center
  22369, // Cloudmylab.com
  22611, // InMotion Hosting, Inc.
  22890, // Nebraska Colocation Centers, LLC
  23116, // Enovum Data Centers Corp.
  23428, // ServerForge LLC
  23535, // HostRocket.com, Inc.
  23749, // hkcolo limited
  23867, // ATWWW Pty Ltd, Web Hosting and Design, Sydney
  23881, // UDomain Web Hosting Company Limited
  24220, // Hostcentral
  24459, // RIMU HOSTING LIMITED
  24541, // HostAway Pty Ltd
  24544, // Law's Cloud Infrastructure Limited
  24611, // Datacenter Luxembourg S.A.
  24633, // BCN Group Hosting Ltd
  24725, // LLC "Hostmaster"
  24785, // Broadband Hosting B.V.
  24813, // Logica-Global-Datacenter-Network CGI Sverige AB
  24817, // Deda Cloud SRL
  25108, // IOMART HOSTING LIMITED
  25198, // INTERKVM HOST SRL
  25260, // QualityHosting AG
  25459, // Eurofiber Cloud Infra B.V.
  25679, // Tulsa Datacenter, LLC
  25780, // HugeServer Networks, LLC
  25846, // Cloudnium LLC
  25868, // Ace Data Centers II, L.L.C.
  25893, // Wattage Hosting, LLC
  25960, // PropelCLOUD
  26091, // Indiana Data Center, LLC
  26116, // QUIC CLOUD INC.
  26185, // Cloudapt LLC
  26277, // Las Vegas NV Datacenter
  26329, // InServer Networks
  26481, // Rebel Hosting
  26548, // PureVoltage Hosting Inc.
  26616, // Ubx Datacenter e Telecomunicacoes LTDA
  26666, // Interserver, Inc
  26863, // Gameserverkings
  26930, // PureVoltage Hosting Inc.
  27223, // Bare Metal Hosting
  27229, // Webhosting.Net, Inc.
  27325, // zColo
  27549, // Cloud at Work
  27597, // Siteserver, Inc.
  27640, // GIGAS HOSTING USA, LLC
  28064, // Smart Data Center S.A.
  28099, // iHosting Servicios Internet Ltda.
  28195, // Com4 Data Center Eireli
  28216, // Host One Servicos de Internet Ltda
  28333, // Local Datacenter Solucoes em Comunicacao Ltda.
  28630, // Ascenty Data Centers e Telecomunicacoes S/A
  28666, // HOSTLOCATION LTDA
  28785, // Asseco Cloud Sp. z o. o.
  29017, // NTT Global Data Centers EMEA UK Ltd.
  29024, // Hostek AB
  29067, // LLC "Hostmaster"
  29097, // Hostpoint AG
  29140, // Hostserver GmbH
  29262, // Ideal Hosting Teknoloji A.S.
  29302, // Hosting Services Inc
  29452, // Secura Hosting Ltd
  29713, // Reliable Hosting Services
  29883, // Internet Hosting Servers
  30176, // Priority Colo Inc
  30235, // Twinservers Hosting Solutions Inc.
  30277, // DFW Datacenter
  30344, // 365.hosting
  30455, // HostVenom LLC
  30500, // Wolfpaw Data Centres Inc
  30691, // Lifeline Data Centers
  30898, // DataCentrum
  30937, // Walhalla Data Center Services SL
  30943, // ZAO Web Hosting
  31130, // Albanian Hosting SH.P.K.
  31244, // MY SERVER MEDIA SRL
  31333, // Hosting.de GmbH
  31400, // firstcolo GmbH
  31445, // Fiberax Networking&Cloud Ltd.
  31590, // Rackhosting.com ApS
  31673, // Uniserver Internet B.V.
  31715, // CloudIP LLC
  31893, // H5 Colo Associates LLC
  31981, // BlueTower Hosting LLC
  32164, // SECURED SERVERS LLC
  32338, // Hostiserver Ltd
  32413, // Epic Servers, LLC
  32647, // Crucial Web Hosting, Ltd.
  32740, // Sliqua Enterprise Hosting, Inc.
  32881, // Server North
  32952, // zColo
  33182, // HostDime.com, Inc.
  33185, // Hive Data Center Inc.
  33322, // Network Data Center Host, Inc.
  33549, // Whipcord Edge Data Centers Inc.
  33552, // Fluid Hosting LLC
  33554, // Neutral Data Centers Corp.
  33570, // Cloudpath
  33864, // Wallonie Data Center SA
  33930, // Cloud Temple SAS
  33993, // UFO Hosting LLC
  34011, // Host Europe GmbH
  34088, // Host Europe GmbH
  34235, // ITINSELL CLOUD SAS
  34499, // BlackBox Hosting Ltd
  34530, // Asseco Cloud Sp. z o. o.
  34895, // hostNET Medien GmbH
  34935, // Exsitu Managed Cloud Services LTD
  35425, // IOMART HOSTING LIMITED
  35624, // Fast Servers (Pty) Ltd
  35729, // ViaCloud WLL
  35746, // datacenter-AS Datacenter Flensburg-Handewitt GmbH
  35779, // mCloud doo
  35826, // Netservers Limited
  35829, // auth-servers, LLC
  35830, // Fast Servers (Pty) Ltd
  35875, // StormCloud Network (Canada) Incorporated
  35970, // 2Guys Colo, LLC
  36027, // CloudWyze, Inc.
  36218, // WHG Hosting Services Ltd
  36231, // Tempest Hosting, LLC
  36454, // WHG Hosting Services Ltd
  36530, // IDC Cube
  36731, // Server Cloud Canada Inc
  36791, // Portland Internet Hosting LLC
  37273, // Bandwidth and Cloud Services Group Ltd
  37352, // CloudAfrica Hosting (PTY) LTD
  37504, // EO Data Center
  37647, // Blue Cloud Networks Limited
  37709, // Cloud Temple Tunisia
  37738, // HOSTOWEB
  37739, // Abantu Cloud Africa (Pty) Ltd
  38788, // PT Indonesian Cloud
  38880, // Micron21 Datacentre Pty Ltd
  38983, // Copaco Cloud B.V.
  39146, // MachCloud B.V.
  39458, // Real Hosts Limited
  39556, // PIN Hosting Europe GmbH
  39690, // HOSTING SC ITNS.NET SRL
  39704, // CJ2 Hosting B.V.
  39798, // MivoCloud SRL
  39845, // 2 Cloud Ltd.
  40065, // CNSERVERS LLC
  40081, // Hexium Hosting, LLC
  40100, // Alurium Hosting
  40281, // QWK.net Hosting, L.L.C.
  40400, // Middletown Data Center
  40476, // Scala Hosting LLC
  40507, // GameServerSupply, LLC
  40539, // Hosting Consulting, Inc
  40592, // DACS Cloud
  40915, // Premier Cloud Inc
  40966, // ZAO Web Hosting
  41033, // D2CLOUD NETWORK SERVICES (PTY) LTD
  41062, // ProstoHosting LTD
  41111, // FAST GEO HOSTING S.R.L.
  41332, // CLOUD ADVICE SAS
  41427, // Datacenter d.o.o.
  41535, // LLC "ASTRA CLOUD"
  41541, // sw hosting & communications technologies SL
  41635, // LIVEHOSTING DATACENTER SRL
  41655, // Netcloud AG
  41721, // Cartagon AX Cloud SL
  41747, // Cloud2 Oy
  41993, // Cloud Center Finland Oy
  42244, // eServer s.r.o.
  42442, // Adacor Hosting GmbH
  42473, // Anexia Cloud Solutions GmbH
  42612, // DinaHosting S.L.
  42675, // Obehosting AB
  42831, // UK Dedicated Servers Limited
  43048, // MITIGATOR CLOUD LLC
  43362, // Hosting Ltd
  43444, // Fast Servers (Pty) Ltd
  43541, // VSHosting s.r.o.
  43578, // MBA DATACENTERS S.L.
  43647, // SERVERCORE CIS LLC
  43896, // EVO CLOUD LLC
  43927, // HOSTERION SRL
  44066, // firstcolo GmbH
  44273, // Host Europe GmbH
  44382, // Fiba Cloud Operation Company, LLC
  44476, // ZETTA HOSTING SOLUTIONS LLC.
  44559, // IT HOSTLINE LTD
  44589, // Hosting SC ITNS.NET SRL
  44592, // SkyLink Data Center BV
  44716, // D-hosting die Rackspace & Connectivity GmbH
  44793, // Cloudvox Srl
  44812, // IP SERVER LLC
  44838, // Elastycloud AB
  44901, // Belcloud LTD
  45352, // IP ServerOne Solutions Sdn Bhd
  45382, // Hostcenter
  45426, // Velocity Host
  45481, // Digital Sense Hosting Pty Ltd
  45668, // AIMS Data Centre Sdn. Bhd.
  45671, // Servers Australia Pty. Ltd
  45761, // Gamania CloudForce Co., Ltd
  46172, // Enterprise VPS Solutions LLC
  46176, // JiuCloud Networks LLC
  46309, // Tonaquint Data Center, Inc.
  46337, // Website Hosting
  46518, // Cloud Provider USA, LLC.
  46537, // Elm Datacenter LLC
  46572, // Cowboy Hosting LLC
  46573, // Vault Host
  46785, // QUASAR DATA CENTER, LTD.
  46829, // Lamhosting LLC
  46873, // Host Color
  46918, // GLOBALHOSTINGSOLUTIONS INC
  47007, // Colocation America Corporation
  47110, // Cloud4com s.r.o.
  47147, // Anexia Cloud Solutions GmbH
  47242, // Host SpA
  47381, // Servergarden Kft.
  47549, // Hosting Systems Ltd
  47585, // Yigit Hosting Bilisim E-Ticaret Gida Sanayi Ticaret Limited Sirketi
  47600, // RUBIX DATACENTER SAS
  47625, // Paul David Hughes trading as Hosting Systems
  47815, // Server-Ware GmbH
  47823, // Netwise Hosting Ltd
  48014, // Albanian Hosting SH.P.K.
  48085, // iDatacenter DNIPRO-Techcenter Ltd
  48096, // Enterprise Cloud Ltd.
  48116, // High Sec Hosting HSDC AB
  48282, // Hosting technology LTD
  48348, // Cloud Builders SA
  48635, // Your Hosting B.V.
  48684, // Viking Host B.V.
  48753, // AVA HOST SRL
  48823, // Hosting.de GmbH
  48874, // HOSTMAZE INC SRL-D
  48896, // dhosting.pl Sp. z o.o.
  48974, // COLOCATION SC ITNS.NET SRL
  48988, // Modern Server Solutions LLP
  49388, // Inspirit Cloud, S.L.
  49395, // RTCloud, LLC
  49485, // High Availability Hosting Limited
  49493, // GIGAS HOSTING S.A.
  49581, // Ferdinand Zink trading as Tube-Hosting
  49635, // CLOUDI NEXTGEN SL
  49678, // INTERKVM HOST SRL
  49693, // Best-Hoster Group Co. Ltd.
  49699, // SuperHosting.BG Ltd.
  49720, // Gigacloud LLC
  49791, // Newserverlife LLC
  49801, // Hezardastan Unit Cloud Computing PJSC
  49834, // Best Hosting Company, LLC
  50113, // FIRST SERVER LIMITED
  50131, // Spartan Host Ltd
  50166, // RTCloud, LLC
  50190, // HOSTINGBIT SRL
  50245, // Serverel Inc.
  50385, // HaloCloud Network Limited
  50415, // Ahosting a.s.
  50463, // Triple C Cloud Computing Ltd.
  50520, // HOSTMEIN IKE
  50655, // ITS HOSTED
  50819, // Cloud Vault SRL
  50837, // CLOUDSIGMA AG
  50867, // HOSTKEY B.V.
  50968, // Hostmaster, Ltd.
  50980, // cloudinfrastack, s.r.o.
  51050, // H4Hosting BV
  51154, // pCloud AG
  51247, // Serverio technologijos MB
  51248, // Host-Telecom.com s.r.o.
  51290, // HOSTEAM S.C. TOMASZ GROSZEWSKI BARTOSZ WASZAK LUKASZ GROSZEWSKI
  51294, // HUBARA hosting solutions, S.L.
  51396, // Pfcloud UG (haftungsbeschrankt)
  51586, // ServerZone s.r.o.
  51713, // WHG Hosting Services Ltd
  51765, // Oy Crea Nova Hosting Solution Ltd
  51783, // The Center of Dedicated Servers LLC
  51821, // Cloudist AB
  51840, // CSL Data Centre Services Limited
  51975, // CloudLayers for Information Technology Co. LTD
  52000, // MIRhosting B.V.
  52030, // Server Plan S.r.l.
  52063, // TTP Cloud Group Ltd
  52270, // ELSERVER S.R.L
  52284, // Panamaserver.com
  52321, // Fideicomiso de Administracion Datacenter Capitalinas
  52342, // Critical Colocation, S.A.
  52347, // HOSTCLICK, de DUCA GRACIELA MIRTA
  52465, // WNet Internet y Hosting
  52511, // IRONSERVERS E.I.R.L
  52799, // ADENTRO DATA CENTER SOLUTIONS LTDA
  52925, // Ascenty Data Centers e Telecomunicacoes S/A
  53101, // SIANET Datacenter e Provedores Ltda-ME
  53221, // ENGETRONICS INTERNET DATACENTER
  53332, // C2Hosting, LLC
  53356, // Free Range Cloud Hosting Inc.
  53414, // CloudOps Inc.
  53550, // NTT Cloud Communications US, Inc.
  53834, // dinCloud Inc.
  53850, // GorillaServers, Inc.
  53873, // SATC COLO LLC
  53914, // Genesis Hosting Solutions, LLC
  53999, // Priority Colo Inc
  54155, // Green Cloud Technologies,LLC
  54163, // AHOSTING
  54456, // CloudAccess.net, LLC
  54527, // Astute Hosting Inc.
  54555, // Host Duplex, LLC
  54641, // InMotion Hosting, Inc.
  54676, // Metro Data Center LLC
  54723, // Midwest Data Center, Inc.
  54825, // Packet Host, Inc.
  55066, // eStruxture Data Centers Inc.
  55285, // Serverside.com
  55293, // A2 Hosting, Inc.
  55359, // DEDICATED SERVERS AUSTRALIA
  55431, // PHCOLO-AS-AP - PHCOLO INC.
  55715, // Advanced Data Centres Limited
  55720, // Gigabit Hosting Sdn Bhd
  55752, // Cloud Plus Pty Ltd
  55803, // Hostopia Australia Web Pty Ltd
  55933, // Cloudie Limited
  56301, // National Data Center
  56322, // ServerAstra Kft.
  56382, // vServer.site LTD
  56504, // HostCircle B.V.
  56898, // Private Host BV
  56987, // ABACLOUDA SAS
  57043, // HOSTKEY B.V.
  57050, // DreamServer S.R.L.
  57286, // GIGAS HOSTING S.A.
  57317, // Servermeile GmbH
  57391, // Laser-IDC Asiatech Data Transmission company
  57433, // intercolo GmbH
  57492, // Host4Biz sp. z o.o.
  57568, // ARVANCLOUD GLOBAL TECHNOLOGIES L.L.C
  57619, // Varna Data Center EOOD
  57624, // Beeks Financial Cloud Ltd
  57758, // Cloudbear B.V.
  57814, // Cloud 9 Ltd.
  57852, // CLOUD S P SARL
  57907, // CloudConnX Limited
  58012, // Nanida Cloud Kft.
  58040, // hostlincoln Host Lincoln Limited
  58172, // Freedom Data Centers LLP
  58222, // ServerBase AG
  58269, // CloudHosting SIA
  58589, // Cloud Earth Pty Ltd
  58740, // HostAway Pty Ltd
  58854, // Kaopu Cloud
  58923, // InterCloud ltd
  58940, // DEDICATED SERVERS AUSTRALIA
  59089, // CloudVsp - NO.18 Building University of Technology
  59117, // DCIPL-AS-AP - DREAM CLOUD INNOVATION PTE. LTD.
  59187, // NEEVAI SUPERCLOUD PVT LTD
  59414, // cloudscale.ch AG
  59554, // Datacenter Groningen B.V.
  59615, // SIA Serverum
  59632, // SC PIDGIN HOST SRL
  59642, // UAB Cherry Servers
  59684, // Hoster kg, Ltd.
  59711, // HZ Hosting Ltd
  60064, // HOSTPALACE DATACENTERS LTD
  60117, // Host Sailor Ltd
  60253, // Host Europe GmbH
  60330, // Belarusian Cloud Technologies LLC
  60439, // SERVERNET INTERNET LIMITED
  60672, // ServerChoice Ltd
  60699, // 66 Cloud Technology Company Limited
  60727, // K2-cloud K2 atmitec s.r.o.
  60798, // Servereasy Srl
  60800, // Netwise Hosting Ltd
  60905, // EUDC Cloud SRL
  60950, // CLOUD.nl B.V.
  61046, // HZ Hosting Ltd
  61106, // PS Cloud Services LLC
  61111, // RTCloud, LLC
  61136, // Alsace Cloud Informatique SARL
  61138, // Zappie Host LLC
  61154, // IDHosting Sp. z o. o.
  61157, // PlusServer GmbH
  61194, // EKCO CLOUD IRELAND LIMITED
  61207, // Hostek AB
  61251, // Host4Biz sp. z o.o.
  61365, // Global Cloud Ltd
  61419, // The Cloud Simplified Limited
  61424, // eServer s.r.o.
  61883, // IDC CORPORATE - SOLUCOES DE DATA CENTER LTDA - EPP
  62000, // SERVERD SAS
  62033, // CLOUDEUS SL
  62082, // Hostland LTD
  62087, // Host Europe GmbH
  62164, // Heymman Servers Corporation
  62227, // CLOUDHELIX LIMITED
  62320, // Safe Swiss Cloud AG
  62353, // Eurofiber Cloud Infra B.V.
  62560, // Hosted America
  62584, // Platinum Data Centers, Inc.
  62633, // HostRush
  62838, // Reprise Hosting
  62994, // LITE CLOUD INC
  63015, // Dallas Data Center
  63018, // Dedicated.com
  63040, // Hostzors Inc.
  63051, // Critical Hosting Solutions LLC
  63101, // AFLYCLOUD-NETWORK - AFLY CLOUD LLC
  63150, // BAGE CLOUD LLC
  63199, // CDS Global Cloud Co., Ltd
  63213, // Astute Hosting Inc.
  63252, // H5 Data Centers
  63258, // Web Hosting, Inc.
  63297, // Pacific Servers Inc.
  63322, // Parler Cloud
  63442, // ServerFarm Realty
  63473, // HostHatch, LLC
  63539, // Cloud Union (HuBei) Network Technology Co., Ltd
  63631, // Guangdong Cloudbase Technology Co., Ltd.
  63680, // Jiangsu Cloud Together Information Technology Co. Ltd.
  63737, // VIETSERVER SERVICES TECHNOLOGY COMPANY LIMITED
  63765, // HOSTVN Technology Solutions Joint Stock Company
  63930, // Ready Server Pte Ltd
  63959, // HONG KONG SYSCLOUD TECHNOLOGY LIMITED
  64200, // VIVID-HOSTING LLC
  64236, // UnReal Servers, LLC
  131151, // Imcloud Technology Co., Ltd.
  131214, // Interact Hosting Pty Ltd
  131303, // First Cagayan Converge Data Center Inc.
  131310, // PLTPRO Data Centre Sdn. Bhd.
  131324, // 92Cloud Technology Co., Limited
  131378, // Cloud Viet Technology Company Limited
  131628, // Tai-Fu Cloud Co., Ltd.
  131965, // Xserver Inc.
  132084, // NTT Cloud Infrastructure Inc
  132139, // VECLOUD LIMITED
  132232, // Data Centre Services
  132324, // Servers Australia Pty. Ltd
  132499, // HKCOLO.NET LIMITED
  132717, // NxtGen Datacenter & Cloud Technologies Pvt. Ltd.
  132779, // RackBank Datacenters Private Ltd
  132813, // HK AISI CLOUD COMPUTING LIMITED
  132816, // SimplerCloud Pte Ltd
  133046, // Cloudoip Pty Ltd
  133120, // Hosted Network Pty Ltd
  133199, // SonderCloud Limited
  133393, // Naki Host Limted
  133448, // Colocation Hosting Global Private Limited
  133458, // FPT Smart Cloud Japan Co., Ltd
  133731, // Cloudie Limited
  133744, // Better Cloud Limited
  133848, // Internet Datacenter Network
  133918, // Suria Data Centre Sdn. Bhd.
  133950, // Hoopla Hosting Limited
  133966, // Cnergee Cloud Technology Solutions LLP
  134094, // SERVERFIELD CO., LTD.
  134166, // Internet Data Center Service
  134176, // Cloudie Limited
  134187, // InterCloud
  134257, // Hostaxis Network Private Limited
  134303, // ZEACLOUD SERVICES PRIVATE LIMITED
  134327, // Futuristic Idc Pvt Ltd
  134353, // Netcocloud Technology
  134366, // Cloud Computing HK Limited
  134428, // Edge Cloud Globe Co., Limited
  134512, // HostPalace Web Solution PVT LTD
  134700, // Sinoycloud Limited
  134847, // REDtone Data Centre Sdn. Bhd.
  134926, // Micro Hosting Private Limited
  135017, // Data Center Network Limited
  135107, // CLOUD SERVERS AUSTRALIA PTY LTD
  135133, // PI DATA CENTERS PRIVATE LIMITED
  135170, // Servernet Services Pvt Ltd
  135290, // Server & Networking Co.,Ltd.
  135293, // Ezlink Cloud Technology Co., Limted
  135314, // IMCLOUD TECHNOLOGY COMPANY LIMITED
  135337, // Cloud Himalaya Pvt. Ltd
  135402, // Country Host
  135437, // HostSG
  135542, // LIGHT CLOUD TECHNOLOGY
  135629, // Ningxia West Cloud Data Technology Co.Ltd.
  135631, // Fast Distributed Cloud Computing-Technology Co., Ltd.
  135664, // GLOBAL CLOUD EXCHANGE Co., Ltd.
  135682, // Advika Web Developments Hosting Pvt Ltd
  135822, // Ovi Hosting Pvt Ltd
  135900, // State Data Center - Hanoi Department of Science and Technology
  135921, // Maxserver Company Limited
  136052, // PT Cloud Hosting Indonesia
  136102, // PT. Arupa Cloud Nusantara
  136171, // Medha Hosting
  136274, // Cloud Servers Pvt Ltd
  136396, // HOSTOMEGA
  136472, // CLOUDYIX Limited
  136477, // P.D.S. Server Network Pvt. Ltd.
  136557, // Host Universal Pty Ltd
  136897, // Enjoyvc Cloud Group Limited.
  136970, // YISU CLOUD LTD
  136993, // CLOUD VALLEY TECHNOLOGY LIMITED
  137041, // Server Group BD
  137050, // strateq data centre sdn bhd
  137286, // PT. Arupa Cloud Nusantara
  137331, // PT Cloud Teknologi Nusantara
  137455, // Sovereign Cloud Australia Pty Ltd
  137474, // Pronto Cloud Pty Ltd
  137785, // CACloud Services (Shanghai) Co., Ltd.
  137788, // Shanxi Beacon Cloudscape
  137801, // AIPO Cloud (Guizhou) Technology Co., Ltd.
  137816, // Cloud Net Technologies Limited
  138107, // PT Virtual Data Centra Indonesia
  138152, // YISU CLOUD LTD
  138244, // HOSTZOP CLOUD SERVICES PRIVATE LIMITED
  138272, // CSH HOSTING PRIVATE LIMITED
  138362, // PLEXUS CLOUD
  138456, // OceanBlue Cloud Technology Limited
  138571, // SUPERCLOUDS LIMITED
  138608, // Cloud Host Pte Ltd
  138663, // AVM Cloud Sdn. Bhd.
  138915, // Kaopu Cloud HK Limited
  139154, // Big Data Center Of Shandong Province
  139337, // Ozhosting.com Pty Ltd
  139345, // Hyve Managed Hosting Corp Inc
  139580, // RIMU HOSTING LIMITED
  139648, // CloudNX
  139659, // LUCIDACLOUD LIMITED
  139921, // JASHORE COLO
  139923, // ABCCLOUD SDN.BHD.
  140068, // Code For Host Inc Ltd
  140224, // STARCLOUD GLOBAL PTE., LTD.
  140433, // PT. Colo Media Netindo
  140570, // Hong Kong Beecloud System Technology Services Limited
  140766, // FPT Smart Cloud Company Limited
  140799, // VIET NAM CLOUD TECHNOLOGY JOINT STOCK COMPANY
  140815, // HTTVSERVER TECHNOLOGY COMPANY LIMITED
  140947, // SnTHostings
  141109, // PT Omni Cloud Indonesia
  141294, // M21 Data Center
  141383, // VERGE CLOUD PRIVATE LIMITED
  141518, // SUBHOSTING INNOVATIONS PRIVATE LIMITED
  141742, // Magna Hosting Ltd
  142002, // Scloud Pte Ltd
  142036, // Hosteons Pte. Ltd.
  142113, // eServer
  142240, // HostNost
  142267, // Hong Kong Beecloud System Technology Services Limited
  142299, // CLOUDFOREST CO.,LTD
  142379, // PT. INDONESIA SUPER CORRIDOR - DATA CENTER
  142403, // YISU CLOUD LTD
  142430, // DIGI VPS
  146943, // Tier 4 Cloud Services
  146996, // DEXSERVER
  147186, // VCCL Cloud Private Limited
  149042, // SICLOUD INFORMATION TECHNOLOGY (HONGKONG) CO., LIMITED
  149089, // CLOUDFLY CORPORATION
  149457, // Angel cloud Limited
  149485, // MonoCloud Pty Ltd
  149573, // Serverwala Cloud Datacenters Private Limited
  149600, // NIXI-CSC Data center
  149621, // SB Secure Data centers India Private Limited
  149662, // PT Hostnet Data Global
  150172, // Serverfreak Technologies Sdn Bhd
  150315, // Virtury Cloud Private Limited
  150423, // Server Galactic Private Limited
  150623, // HOSTDZIRE WEB SERVICES PRIVATE LIMITED
  150828, // VMON CLOUD COMPANY LIMITED
  151206, // HK CLOUD DATA CO., LIMITED
  151335, // Intensy Cloud Services Pvt Ltd
  151612, // HOSTPERL
  151704, // BHARAT DATACENTER
  151734, // WEBYNE DATA CENTRE PRIVATE LIMITED
  151872, // CLOUD DATA TECHNOLOGY AND COMMUNICATION COMPANY LIMITED
  152194, // CTG Server Limited
  152301, // DAUN PENH DATA CENTER CO., LTD.
  152491, // RACKMONK DATACENTERS PRIVATE LIMITED
  152626, // Cloudbase Network CORP.
  152686, // BCDC CLOUD Centers Private Limited
  152689, // Hasan Host
  152913, // BAGE CLOUD LLC
  152933, // ZONECLOUD TECHNOLOGY JOINT STOCK COMPANY
  153169, // BengalCloud
  153383, // Nazim Host
  153393, // RACKVOLT CLOUD SOLUTIONS PRIVATE LIMITED
  153416, // Hoang Dieu Cloud Computing Company Limited
  153531, // DATAGEEKS CLOUD IP TECHNOLOGY PRIVATE LIMITED
  153786, // SERVERSTEP
  154047, // IT Nut Hosting
  154117, // Mekha Cloud Company Limited
  154309, // Intelligent Cloud Limited
  154321, // CORENET CLOUD SDN. BHD.
  154346, // OceanBlue Cloud Technology Limited
  154376, // CLOUDVALLEY SDN. BHD.
  154402, // Shenzhen FredCloud Computing Technology Co., Ltd.
  154612, // BENGALCLOUD INTERNATIONAL
  196645, // HOSTPRO LAB LLC
  196646, // Datum Datacentres Limited
  196713, // Abansys & Hostytec, S.L.
  196745, // Datacenta Hosting Ltd
  197196, // PANSTAR CLOUD LIMITED
  197352, // Tinext Cloud SA
  197395, // HostGhost B.V.
  197531, // Server Plus Ltd
  197537, // WISDOM CLOUD INTERNET TECHNOLOGY PTE. LTD.
  197648, // CLOUDLAYER8 LIMITED
  197715, // Serverbike LTD
  197746, // Georgios Vardikos trading as "HYPERHOSTING"
  197795, // ColdHosting SL
  197902, // Hostnet B.V.
  197981, // SAS INTERCLOUD
  198012, // Interforce Hosted Solutions BV
  198240, // Piccolo Andrea trading as Digisat
  198326, // OrtCloud GmbH
  198347, // Game-Hosting GH AB
  198432, // Ipcore Datacenters S.L
  198514, // ALSO Cloud Oy
  198550, // NODE HOST LIMITED
  198584, // PIO-Hosting GmbH
  198651, // HOSTLINE, UAB
  198678, // Delos Cloud GmbH
  198825, // VERYCLOUD SAS
  198944, // TN HOSTING ApS
  198968, // Cyberneticos Hosting SL
  198983, // Joseph Hofmann trading as 'Tornado Datacenter GmbH & Co. KG'
  198990, // Pine Hosting LTD
  199152, // Virtual Data Center Inc
  199180, // HostHive LTD
  199205, // Huemer Data Center GmbH
  199274, // Serveroid, LLC
  199393, // MAKEAPP CLOUD Ltd
  199404, // WHG Hosting Services Ltd
  199448, // Babble Cloud Holdings Ltd.
  199487, // GABRIEL DUARTE trading as NUVMI HOST
  199542, // IOMART HOSTING LIMITED
  199727, // ASTEN CLOUD SAS
  199904, // OLIVENET DATA CENTERS SPAIN S.L.
  199997, // Ippon Hosting SARL
  200000, // Hosting Ukraine LTD
  200102, // BE YS Cloud France SASU
  200147, // Hosting Techniques Limited
  200187, // CloudKleyer Frankfurt GmbH
  200217, // CloudFerro sp. z o.o.
  200223, // Lars Jannick Volkers trading as Etheron Hosting
  200435, // Titan DataCenters France SAS
  200487, // OOO VPS
  200525, // Hosting Ukraine LTD
  200628, // BGO Cloud OOD
  200629, // CLOUDIO A/S
  200658, // CoreCloud Systems Ltd
  200719, // Miss Hosting AB
  200740, // FIRST SERVER LIMITED
  200807, // Sleepless Server Solutions Ltd.
  200904, // FOXCLOUD LLP
  200979, // Hosting eXperts Switzerland AG
  200999, // CloudFerro S.A
  201086, // Mahsum Celik trading as ServerPlusInternet Sunucu Hizmetleri
  201106, // Spartan Host Ltd
  201200, // SuperHosting.BG Ltd.
  201217, // RADISHCLOUD TECHNOLOGY LLC
  201262, // CloudFerro S.A
  201346, // TODO EN CLOUD SL
  201449, // Digital Absolut Business - Servidor, Virtualizacao, Cluster, Datacenters e Tele
  201455, // any.cloud A/S
  201471, // Bigstep Cloud Limited
  201520, // Dedicated Telekomunikasyon Teknoloji Hiz. Tic. San. LTD. STI.
  201525, // HZ Hosting Ltd
  201579, // HOSTGNOME LTD
  201622, // Copaco Cloud B.V.
  201709, // HanDS Hanse Datacenter Services GmbH
  201730, // Cloud4com s.r.o.
  201983, // Ansluten Hosting i Sverige AB
  201999, // Fanavari Serverpars Argham Gostar Company Ltd.
  202015, // HZ Hosting Ltd
  202045, // Thales Cloud Securise SAS
  202051, // NETGRID HOST LTD
  202206, // Fat Hosting Limited
  202207, // ASPA CLOUD SL
  202293, // D-Cloud LLC
  202341, // MY CLOUD, UNIPESSOAL LDA
  202401, // Webhosting24 GmbH
  202509, // Cloud City Oy
  202567, // Secure Data Center Aps
  202602, // Greencloud LLC
  202604, // NG Cloud SAS
  202635, // Server Farm LLC
  202670, // CLOUDZME FZE
  202736, // WISDOM CLOUD INTERNET TECHNOLOGY PTE. LTD.
  202786, // Bytesized Hosting B.V.
  202882, // Poort80 Hosting Services BV
  202914, // Adeo Datacenter ApS
  202954, // Rapiddot Hosting Services Ltd
  202955, // IA Hoster N.V.
  202958, // LLP "Kompaniya Hoster.KZ"
  202964, // Cloudalize NV
  203055, // Datacenter Luxembourg S.A.
  203090, // BITSFLOWCLOUD LTD
  203126, // KIREMACLOUD KIREMA B.V.
  203144, // Host9x Web Solutions Limited
  203201, // INFRASTRUCTURE ITALIA COLO S.R.L.
  203204, // Serviced Cloud Ltd
  203292, // Hostisoft S.L.
  203329, // NTT Global Data Centers EMEA GmbH
  203391, // Cloud DNS Ltd
  203532, // Thales Cloud Securise SAS
  203592, // CLOUD & HEAT Technologies GmbH
  203833, // diva-e Datacenters GmbH
  203897, // CONTENT+CLOUD LIMITED
  203919, // LifeinCloud LTD
  203933, // DataCentrum
  204104, // Giti Secure Cloud LLC
  204116, // HOSTRELAY GLOBAL LTD
  204154, // FIRST SERVER LIMITED
  204164, // Consulta Hosting Services AB
  204187, // Oy Crea Nova Hosting Solution Ltd
  204300, // D2CLOUD NETWORK SERVICES (PTY) LTD
  204339, // FIRST SERVER LIMITED
  204538, // Kareby Hosting AB
  204641, // HOSTGW SRL
  204708, // ANGEL CLOUD LIMITED
  204720, // GLOBAL CLOUD NETWORK LLC
  204737, // CloudWeigh B.V.
  204770, // UAB Cherry Servers
  204800, // WHG Hosting Services Ltd
  204818, // HOSTEUR SAS
  204997, // FIRST SERVER LIMITED
  205007, // Maxim Azarov trading as eServer
  205021, // Remi VIDON trading as Shiftek Hosting
  205090, // FIRST SERVER LIMITED
  205098, // Cloud Gateway Limited
  205106, // Pea Soup Hosting Limited
  205185, // Eurofiber Cloud Infra B.V.
  205243, // CloudNow GmbH
  205399, // Hostigger INC.
  205431, // HostLab LLC
  205502, // Inception Hosting Limited
  205510, // Adeo Datacenter ApS
  205559, // Cloud Master LLC
  205668, // Green Mini host BV
  205688, // UAB SERVERA
  205697, // ALOJALIA CLOUD S.L.
  205733, // HOSTIFOX INTERNET VE BILISIM HIZMETLERI TICARET SANAYI LIMITED SIRKETI
  205787, // Public Cloud Ltd.
  205840, // Fonecloud GmbH
  205952, // LLC "ASTRA CLOUD"
  205976, // Arribatec Cloud AS
  206062, // Space Data Centres Ltd
  206110, // 1 Cloud Lab s.r.o.
  206230, // Team Host LLC
  206278, // Net Cloud Storage LLC
  206286, // 1 of 1 Servers Corp
  206297, // SIA "Global Cloud"
  206331, // E-Hosting Online LLC
  206348, // Holland Datacenters B.V.
  206446, // CLOUD LEASE Ltd
  206522, // ISP Datacenter SARL
  206589, // NSIX Data Center sp. z o.o.
  206690, // Beeks Financial Cloud Ltd
  206733, // Beeks Financial Cloud Ltd
  206805, // LLC "T1Cloud"
  206934, // Beeks Financial Cloud Ltd
  206996, // ZAP-Hosting GmbH
  207083, // HostSlim B.V.
  207143, // hosttech GmbH
  207326, // HostLAB Bilisim Teknolojileri A.S.
  207333, // LLP "Kompaniya Hoster.KZ"
  207461, // HOSTING INDUSTRY LIMITED
  207513, // LLC "HOSTOFF CSL"
  207569, // IHOR HOSTING LTD
  207605, // S.P.D. Hosting LTD
  207619, // HOSTART LLC
  207758, // Hosteur SA
  207788, // YOLO COLO AS
  207847, // CloudBlast LLC
  207957, // SERV.HOST GROUP LTD
  208006, // ARVANCLOUD GLOBAL TECHNOLOGIES L.L.C
  208023, // Global Cloud Games for video games and general trading co. ltd
  208131, // Cloud Company for General Services Ltd
  208152, // Cloud Networks B.V.
  208216, // Tinext Cloud SA
  208222, // Bullhost Cloud Services, SL
  208278, // OMNICLOUDS COMPUTER SYSTEMS & COMMUNICATION EQUIPMENT SOFTWARE DESIGN LLC
  208332, // Hosting 2 GO B.V.
  208349, // O2 Cloud LLC
  208367, // CSpace Hostings OU
  208449, // Micky Del Favero trading as "BeeCloudy.net"
  208453, // Johan Karlsson trading as SweHosting
  208636, // SDC Hosting and Support Ltd
  208660, // CloudFerro sp. z o.o.
  208677, // "Cloud Technologies" LLC trading as Cloud.ru
  208795, // "Cloud Services Kazakhstan" LLP
  208800, // G42 CLOUD TECHNOLOGY L.L.C.
  208895, // Intelligence Hosting Services Limited
  208898, // Superhosting doo
  208981, // Data Center LLC
  209045, // Genesis Cloud Limited
  209145, // Roma Cloud Diensten B.V.
  209197, // SadeemCloud-SA Data Security for Cyber Security LLC
  209199, // Cloud Unboxed Limited
  209207, // Digital Hosting Provider LLC
  209216, // Trusted-Service.net GmbH trading as Trusted-Colo GmbH & Co. KG
  209223, // source2cloud Source2Cloud B.V.
  209234, // Data Center S.R.L.
  209341, // WHG Hosting Services Ltd
  209369, // The Cloud Provider s.r.o.
  209588, // Flyservers S.A.
  209605, // UAB Host Baltic
  209641, // IHOR HOSTING LTD
  209723, // EXPERT NETCLOUD LLP
  209805, // SBCLOUD LLC
  209851, // Hyper Cloud Solutions LLP
  210107, // Mahsum Celik trading as ServerPlusInternet Sunucu Hizmetleri
  210110, // Kvmcloud Network CO., LIMITED
  210162, // UAB Cherry Servers
  210226, // Windcloud 4.0 GmbH
  210554, // Meteor Cloud LTDA
  210619, // Monkey Tree Hosting Limited
  211126, // WHG Hosting Services Ltd
  211273, // Cloud Software - FZCO
  211305, // HOSTBITS SOLUCOES EM NUVEM LTDA
  211392, // DREAM CLOUD INNOVATION LIMITED
  211401, // Atak Domain Hosting Internet ve Bilgi Teknolojileri Ltd. Sti.
  211512, // StarCloud Global Limited
  211611, // Exim Host SRL
  211644, // QazCloud LLP
  211673, // Mynymbox Hosting LLC
  211804, // Ozan Yildiz trading as Sistemdc webhosting and server services
  211826, // Istqrar for Servers Services Ltd
  211904, // CloudiNow-Service-Cloud Asre Pardazeshe Ettelaate Amin Institute
  211912, // WHG Hosting Services Ltd
  212042, // Istqrar for Servers Services Ltd
  212174, // Jola Cloud Solutions Ltd
  212185, // Delos Cloud GmbH
  212219, // HOSTING DUNYAM BILISIM TEKNOLOJILERI TICARET LIMITED SIRKETI
  212441, // Cloud assets LLC
  212477, // RoyaleHosting BV
  212508, // Lowhosting services of Davide Gennari
  212544, // Darvag Cloud Infrastructure Innovators Co.PJS
  212701, // Hostinux Limited
  212706, // LIVI HOSTING LTD
  212755, // ExaCloud Factory, S.L.
  212872, // Serverio technologijos MB
  212913, // TIME-HOST LTD
  213038, // DREAM VPS LTD
  213183, // WHG Hosting Services Ltd
  213200, // Ferdinand Zink trading as Tube-Hosting
  213212, // FixCloud Teknoloji A.S.
  213314, // WallCloud GmbH
  213354, // INTERNATIONAL HOSTING SOLUTIONS LLP
  213394, // Clever Cloud SAS
  213665, // PARMIN CLOUD COMPUTING LLC
  213683, // Host.AL Shpk
  213727, // Varesh Cloud Hosting Limited Liability Company
  213738, // HOSTEG HOSPEDAGEM E SERVIDORES LTDA
  213755, // LUNORY CLOUD SOLUTIONS LTD
  213791, // Marco Rossi trading as XeniaHosting
  213807, // Fanavaran Mehr Vatan Tehran Server Group LLC
  213896, // UAB Cherry Servers
  213915, // HOSTES LTD
  214043, // Christian Barba trading as Cloudfira
  214151, // Amin Asia Cloud Data PJSC
  214159, // UAB Cherry Servers
  214169, // Cloudfire s.r.l.
  214171, // Foojan Cloud Computing Co. PJS
  214238, // HOST TELECOM LTD
  214382, // Bulent Aydin trading as Hostlayici
  214437, // NexGen Cloud Ltd
  214438, // NexGen Cloud Ltd
  214504, // Hostman LTD
  214640, // Hostup AB
  214673, // mijn.host B.V.
  214783, // Danny Nieuwenhuis trading as DedicatedNodes
  214833, // Aleksandr Shmalko PR Obrada Podataka, Hosting Novi Sad
  214927, // PSB HOSTING LTD
  214988, // McCloud.nl B.V.
  215029, // OXIGEN Data Center S.L.
  215052, // Din Server Group ApS
  215082, // INFINITY CLOUD TECHNOLOGIES S.R.L.
  215114, // Stevan Durand--L'Hours t/a SLBCLOUD
  215117, // HosterDaddy Private Limited
  215136, // Finn Hess trading as Ryzehosting
  215225, // Webhosting FSI LLC
  215262, // Cloud Nord Limited
  215341, // Host-On Service Provider GmbH
  215703, // FREAKHOSTING LTD
  215783, // Scandinavian Hosting AB
  215878, // M1CLOUD INFORMATION TECHNOLOGY CONSULTANTS L.L.C
  215904, // HostingBazis Beteti Tarsasag
  215925, // VPSVAULT.HOST LTD
  216030, // GoodLeaf Hosting & Development LLC
  216047, // XDPCLOUD LTD
  216071, // SERVERS TECH FZCO
  216127, // INTERNATIONAL HOSTING COMPANY LIMITED
  216139, // Iron Hosting Centre LTD
  216154, // CLODO CLOUD SERVICE CO. L.L.C
  216169, // Mtserver Mohammad Taha Mashhorrodi
  216180, // WHG Hosting Services Ltd
  216314, // iServerHost LLC
  216334, // New Hosting Technologies LLC
  216347, // Bikupa Datacenter AB
  216365, // LIMITED LIABILITY COMPANY CLOUD SOLUTIONS
  216444, // UAB Cherry Servers
  262256, // Servicios Informaticos Hostname Ltda
  262603, // GX INTERNET E WEB HOSTING SERV DE INFORMATICA LTDA
  262712, // HOSTWEB DATA CENTER E SERVICOS LTDA
  262790, // Central Server Informatica Ltda
  262954, // VirtuaServer Informatica Ltda
  262978, // Centro de Tecnologia Armazem Datacenter Ltda.
  262990, // VIRTUAL CENTER HOSTING TECNOLOGIA EIRELI
  263062, // CDZNET DATACENTER LTDA
  263093, // Hostgator Brasil Ltda
  263452, // Ativas Data Center S.A.
  263461, // ONLINE DATA CENTER CONS EM INF E LOC DE BENS E SER
  263511, // Saveincloud Hospedagem na Internet Ltda
  263606, // COREIT - DATACENTER, SERV GER E INFRA TI LTDA
  263700, // GIGAS HOSTING
  263713, // Server Lodge S.A.
  263735, // SOCIEDAD BUENA HOSTING, S.A.
  263753, // SERVICIOS DE DATACENTER DATANETWORKS LIMITADA
  263829, // HOST PARA TU VIDA S.A.
  264077, // CLOUDX SERVICOS EM NUVEM LTDA
  264555, // TECCLOUD SERVICOS DE TECNOLOGIA AHU LTDA.
  264604, // Unixsis Servicos de Unix e Cloud - ME
  264649, // NUT HOST SRL
  264689, // Luciano Gabriel Chersanaz (Ubnet Datacenter)
  265552, // Baja Datacenter, SA de CV
  265618, // DRP CLOUD MEXICO SAPI DE CV
  265645, // HOSTINGFOREX S.A.
  265694, // Nicolas Lagunas Turczyn(MACROHOSTING)
  265839, // HOSTING.CL
  265919, // BB Host
  266444, // 3L CLOUD INTERNET SERVICES LTDA - EPP
  266660, // ELSERVER S.R.L
  266842, // HNHOSTING.NET S.A.
  266855, // ECOHOSTING INTERNET LIMITADA
  266927, // BINARIO CLOUD SER DE COMPUTACAO E INFORMATICA LTDA
  267355, // HOSTIDC INTERNET DATACENTER LTDA
  267637, // Tecnoserver Infosolucoes Com. S. Produtos de Info.
  267710, // WEBHOSTING S.R.L.
  267826, // VPS GURU CHILE SPA
  267841, // GIGAS HOSTING COLOMBIA S.A.S.
  267881, // SAOREDES CIA. LTDA. (SAOHOSTING)
  268208, // 2CLOUD INFORMATICA LTDA EPP
  268739, // TRI CLOUD DATA CENTER LTDA
  269070, // Hostzone Tecnologia LTDA
  269098, // AbsamHost Internet Data Center
  270353, // Tyna Host - Datacenter no Brasil
  270564, // MASTER DA WEB DATACENTER LTDA
  270764, // Ecxon Datacenter LTDA
  270797, // Brasil Cloud Servicos de Computacao em Nuvem Ltda
  271435, // GK2 CLOUD EIRELI
  271860, // NOVACLOUD S.A.C
  272547, // Servicos de Infraestrutura e Datacenter
  272694, // ONEX DATA CENTERS LTDA
  272696, // HOSTING NOW NET LTDA
  327813, // Host Africa (Pty) Ltd
  328032, // Routed Hosting (PTY) LTD
  328162, // Icolo Ltd
  328302, // Cloud One Ltd
  328364, // Host Africa (Pty) Ltd
  328400, // PowerCloud SP (PTY) LTD
  328405, // Link Datacenter For Data Circulation
  328526, // CloudFace Pty Ltd
  328608, // Africa on Cloud
  328631, // TWC Hosting CC
  328859, // HOSTEUR AFRICA SAS
  328920, // AFRICA DATA CENTER SA - AFRICA DATA CENTER SA
  328970, // CloudGistics
  328989, // SMARTCLOUD  AFRICA LIMITED
  329001, // Kasi Cloud Limited
  329053, // QSupport Cloud (Pty) Ltd
  329067, // Click Cloud Hosting Services CC
  329166, // Absolute Hosting (Pty) Ltd
  329178, // NATIONAL INTERNET DATA CENTER (NIDC) - NATIONAL INTERNET DATA CENTER (NIDC)
  329184, // Host Africa (Pty) Ltd
  329272, // Servercore Africa Ltd
  329278, // Truehost Cloud Limited
  329305, // GLOBAL CLOUD INFRASTRUCTURE SOLUTIONS (PTY) LTD
  329394, // OneCloud LDA
  329447, // Onix Data Centres Ghana Limited - Onix Data Centres Ghana Limited
  329461, // Maroc Datacenter MDC
  329474, // Nymbis Cloud Solutions Pty Ltd
  329562, // SERVERLINK SOLUTIONS LIMITED
  329599, // Megin Cloud (PTY) Ltd - Megin Cloud (PTY) Ltd
  329615, // Sharp Thoughts Proprietary Ltd t/a Cloud Raptor - Sharp Thoughts Proprietary Ltd t/a Cloud Raptor
  329667, // EURL HOST ARTS
  329692, // HTG CLOUDS LIMITED
  329721, // STRETTCH  CLOUD Limited
  393336, // Catalyst Host LLC
  393423, // NTT Global Data Centers Americas, INC.
  393619, // UBX Cloud
  393960, // Host4Geeks LLC
  394177, // SHIFT HOSTING LLC
  394474, // WhiteLabelColo
  394760, // Sauce Servers LLC
  394881, // EK HOSTING INC
  394882, // Jupiter Cloud LLC
  394895, // H5 Data Centers
  394896, // Ace Host, LLC
  394897, // H5 Data Centers
  394898, // H5 Data Centers
  394899, // H5 Data Centers
  394902, // H5 Data Centers
  394903, // H5 Data Centers
  395086, // SC Data Center, Inc.
  395092, // Shock Hosting LLC
  395111, // KVCHOSTING.COM LLC
  395222, // Hostious LLC
  395322, // Halton Datacenter Inc.
  395341, // White Cloud Technologies LLC
  395349, // Cloudsafe, Ltd.
  395368, // NTT Global Data Centers Americas, INC.
  395451, // HostIT Servers
  395475, // SnowCloud Services LLC
  395503, // ComTec Cloud
  395512, // GLOBALHOSTINGSOLUTIONS INC
  395723, // LightSpeed Hosting
  395783, // HYPERTEC CLOUD INC.
  395819, // TeleCloud
  395839, // HOSTKEY
  395931, // Real Time Cloud Services LLC
  396073, // Majestic Hosting Solutions, LLC
  396509, // LETSCLOUD
  396881, // drServer.net
  397018, // Cloud Propeller
  397032, // SPARKED HOST LLC
  397280, // HostFlyte Server Solutions
  397283, // SPARKED HOST LLC
  397325, // Data Canopy Colocation, LLC
  397651, // Sneaker Server, LLC
  397666, // HostRound LLC
  398362, // Hosted Advantage Services Ltd.
  398373, // Server Destroyers LLC
  398375, // DATICLOUD - DATI CLOUD, LLC.
  398395, // PureVoltage Hosting Inc.
  398779, // Ace Host, LLC
  398826, // OLink Cloud LLC
  399077, // Tcloudnet
  399110, // Data Canopy Colocation, LLC
  399122, // VPS House Technology Group LLC
  399244, // AME Hosting LLC
  399304, // Aim 4 The Cloud Inc.
  399461, // HostSNAP LLC
  399804, // Hostodo
  399889, // Qwscloud Dot Com
  399930, // Cloudstar
  400043, // IBRIDGE CLOUD TECHNOLOGIES, INC
  400104, // Tcloudnet
  400137, // CozyCloud IT
  400342, // EDGENAT CLOUD
  400384, // Hostings House
  400402, // Hosting Bot, LLC
  400494, // Cirrascale Cloud Services LLC
  400615, // Data Canopy Colocation, LLC
  400619, // AROSSCLOUD INC.
  400759, // American Cloud LLC
  400832, // Cloud Acropolis
  400897, // PETROSKY CLOUD LLC
  401026, // Iron Mountain Data Center
  401152, // Ace Data Centers II, L.L.C.
  401276, // United Cloud Inc
  401304, // PropelCLOUD
  401339, // YAMATO CLOUD LLC
  401377, // PUMA SERVERS LLC
  401463, // Nucleus Cloud LLC
  401605, // Web Host Most, LLC
  401665, // HostBilby Inc.
  401669, // cloudCENTRX
  401678, // BisectHosting
  401696, // cognetcloud INC
  401701, // cognetcloud INC
  401742, // ServerOptima
  401776, // IDC Cube
  401810, // Ardent Data Centers
  402156, // CloudLogics LLC
  402169, // Uscloud Inc
  402221, // Exaserver LLC
  402252, // FSTcloud
  402302, // HostMyApple Inc.
  402315, // FSTcloud
  402487, // HostCram LLC
  402493, // HostCram LLC
];
