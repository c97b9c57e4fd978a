import type { MemberUser } from '@app/contract';
import { Avatar } from 'antd';
import defaultAvatar from '../../assets/default-avatar.svg';

/** The member's avatar, or the default one for a member who never set it. */
export const MemberAvatar = ({ member, size = 40 }: { member: MemberUser; size?: number }) => (
  <Avatar src={member.avatar || defaultAvatar} size={size} alt={`${member.nickname}的头像`} />
);
