import { Button, Result } from 'antd';
import { Link } from 'react-router-dom';

export function NotFoundPage() {
  return (
    <Result
      status="404"
      title="404 Page Not Found"
      subTitle="Did you forget to add the page to the router?"
      extra={<Link to="/"><Button type="primary">Go Home</Button></Link>}
    />
  );
}
