import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import BarChartOutlined from '@mui/icons-material/BarChartOutlined';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import EngineeringOutlined from '@mui/icons-material/EngineeringOutlined';
import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import FlightTakeoffOutlined from '@mui/icons-material/FlightTakeoffOutlined';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import FoundationOutlined from '@mui/icons-material/FoundationOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import HandshakeOutlined from '@mui/icons-material/HandshakeOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import LabelOutlined from '@mui/icons-material/LabelOutlined';
import LayersOutlined from '@mui/icons-material/LayersOutlined';
import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import LocationSearchingOutlined from '@mui/icons-material/LocationSearchingOutlined';
import MapOutlined from '@mui/icons-material/MapOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import RequestQuoteOutlined from '@mui/icons-material/RequestQuoteOutlined';
import SecurityOutlined from '@mui/icons-material/SecurityOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import TerrainOutlined from '@mui/icons-material/TerrainOutlined';
import TimelineOutlined from '@mui/icons-material/TimelineOutlined';
import WarningOutlined from '@mui/icons-material/WarningOutlined';

/** An icon per navigation id: the folded navbar and the toolbar's shortcuts show icons only. */
const ICONS: Record<string, typeof DashboardOutlined> = {
  dashboard: DashboardOutlined,
  calendar: CalendarMonthOutlined,
  projects: FoundationOutlined,
  'projects-list': FoundationOutlined,
  tasks: AssignmentOutlined,
  productions: ConstructionOutlined,
  files: FolderOutlined,
  invoices: ReceiptLongOutlined,
  damages: ReportProblemOutlined,
  footprints: TerrainOutlined,
  map: MapOutlined,
  clients: HandshakeOutlined,
  items: Inventory2Outlined,
  subcontractors: EngineeringOutlined,
  members: PeopleOutlined,
  crews: GroupsOutlined,
  roles: BadgeOutlined,
  logs: EventNoteOutlined,
  locates: LocationSearchingOutlined,
  'reports-project-production': TimelineOutlined,
  'reports-invoices': RequestQuoteOutlined,
  'reports-budget': BarChartOutlined,
  'reports-flight-board': FlightTakeoffOutlined,
  'item-categories': CategoryOutlined,
  'task-types': LabelOutlined,
  'footprint-types': LayersOutlined,
  'damage-types': WarningOutlined,
  'safety-authorities': SecurityOutlined,
  settings: SettingsOutlined,
};

export function NavIcon({ id, fontSize = 'small' }: { id: string; fontSize?: 'small' | 'medium' }) {
  const Icon = ICONS[id] ?? ListAltOutlined;
  return <Icon fontSize={fontSize} aria-hidden />;
}
