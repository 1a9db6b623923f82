import type { CaseSummary, Catalogue, PublicTutor } from '@/api/generated/model';

/** A small catalogue in the server's shape (the real one comes from GET /catalogue). */
export const catalogueFixture: Catalogue = {
  levels: [
    {
      key: 'primary',
      label: '小學',
      grades: ['小一', '小二', '小三', '小四', '小五', '小六'],
      subjects: ['全科', '中文', '英文', '數學'],
      freeTextSubject: false,
    },
    {
      key: 'secondary',
      label: '中學',
      grades: ['中一', '中二', '中三', '中四', '中五', '中六'],
      subjects: ['中文', '英文', '數學', '物理'],
      freeTextSubject: false,
    },
    {
      key: 'tertiary',
      label: '大學或以上',
      grades: ['大學一年級', '大學二年級'],
      subjects: [],
      freeTextSubject: true,
    },
  ],
  regions: [
    {
      name: '香港島',
      districts: [
        { name: '中西區', areas: ['堅尼地城', '西營盤'] },
        { name: '灣仔區', areas: ['灣仔', '銅鑼灣'] },
      ],
    },
    {
      name: '九龍',
      districts: [
        { name: '觀塘區', areas: ['觀塘', '藍田'] },
        { name: '油尖旺區', areas: ['旺角', '尖沙咀'] },
      ],
    },
  ],
  teachingModes: [{ key: 'one-to-one', label: '一對一' }],
  genders: [
    { key: 'no limit', label: '不限' },
    { key: 'male', label: '男' },
    { key: 'female', label: '女' },
  ],
  postTypes: [
    { key: 'student-seeking-tutor', label: '學生搵導師' },
    { key: 'tutor-seeking-student', label: '導師招學生' },
  ],
  userTypes: [{ key: 'individual', label: '個人' }],
};

const places = [
  { location: '藍田', district: '觀塘區', region: '九龍' },
  { location: '旺角', district: '油尖旺區', region: '九龍' },
  { location: '銅鑼灣', district: '灣仔區', region: '香港島' },
  { location: '西營盤', district: '中西區', region: '香港島' },
];

export function makeCase(overrides: Partial<CaseSummary> = {}): CaseSummary {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    caseId: 10001,
    postType: 'student-seeking-tutor',
    postTitle: '中三數學補習',
    excerpt: '希望提升代數',
    level: 'secondary',
    grade: '中三',
    subjects: ['數學'],
    subject: '中三 數學',
    location: '藍田',
    district: '觀塘區',
    region: '九龍',
    rate: 300,
    sessionLength: 90,
    sessionsPerWeek: 2,
    preferredGender: 'no limit',
    startDate: '2026-12-01',
    status: 'approved',
    applicantCount: 0,
    full: false,
    createdAt: '2026-11-20T10:00:00Z',
    ...overrides,
  } as CaseSummary;
}

/** 45 approved cases, newest first: three pages of 20. */
export const casesFixture: CaseSummary[] = Array.from({ length: 45 }, (_, i) => {
  const place = places[i % places.length]!;
  const grade = ['中一', '中三', '中五'][i % 3]!;
  const subject = ['數學', '英文', '物理'][i % 3]!;
  return makeCase({
    id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
    caseId: 10100 - i,
    grade,
    subjects: [subject],
    subject: `${grade} ${subject}`,
    ...place,
    rate: 150 + (i % 8) * 50,
    createdAt: new Date(Date.UTC(2026, 10, 20, 10) - i * 3_600_000).toISOString(),
  });
});

/** An active tutor as `GET /tutors/{id}` answers, for pages that show one. */
export function makeTutor(overrides: Partial<PublicTutor> = {}): PublicTutor {
  return {
    id: '00000000-0000-4000-8000-0000000000aa',
    userId: 1024,
    role: 'tutor',
    isTutor: true,
    isTutorProfileActive: true,
    name: '黃老師',
    education: '香港大學數學系',
    subjects: ['中學 數學'],
    gradeLevel: '中學',
    availableTimes: '星期六下午',
    location: '藍田',
    district: '觀塘區',
    region: '九龍',
    teachingMode: 'one-to-one',
    teachingModeLabel: '一對一',
    teachingModes: [{ key: 'one-to-one', label: '一對一' }],
    teachingDistricts: ['觀塘區'],
    rate: 300,
    experienceYears: 3,
    examResults: 'DSE 數學 5**',
    courseFeatures: '重視理解',
    approvedAt: '2026-10-05T02:00:00Z',
    bio: '',
    reviewCount: 0,
    ...overrides,
  };
}
